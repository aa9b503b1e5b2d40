import type { Response } from 'express';

/** Inline by default; `?download=1` (or `true`) asks the browser to save it. */
export function sendStatementPdf(res: Response, loanId: string, content: Buffer, downloadParam: string | undefined): void {
  const download = downloadParam === '1' || downloadParam === 'true';
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `${download ? 'attachment' : 'inline'}; filename="loan-statement-${loanId}.pdf"`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.send(content);
}
