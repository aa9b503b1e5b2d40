import type { FastifyReply } from 'fastify';

/** Inline by default; `?download=1` (or `true`) asks the browser to save it. */
export function sendAgreementPdf(
  res: FastifyReply,
  loanId: string,
  document: { content: Buffer; documentHash: string },
  downloadParam: string | undefined,
): void {
  const download = downloadParam === '1' || downloadParam === 'true';
  res.header('Content-Type', 'application/pdf');
  res.header('Content-Disposition', `${download ? 'attachment' : 'inline'}; filename="loan-agreement-${loanId}.pdf"`);
  res.header('X-Document-SHA256', document.documentHash);
  res.header('Cache-Control', 'private, no-store');
  res.send(document.content);
}
