import type { Response } from 'express';

/** Inline by default; `?download=1` (or `true`) asks the browser to save it. */
export function sendAgreementPdf(
  res: Response,
  loanId: string,
  document: { content: Buffer; documentHash: string },
  downloadParam: string | undefined,
): void {
  const download = downloadParam === '1' || downloadParam === 'true';
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `${download ? 'attachment' : 'inline'}; filename="loan-agreement-${loanId}.pdf"`);
  res.setHeader('X-Document-SHA256', document.documentHash);
  res.setHeader('Cache-Control', 'private, no-store');
  res.send(document.content);
}
