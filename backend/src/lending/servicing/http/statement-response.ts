import type { FastifyReply } from 'fastify';

/** Inline by default; `?download=1` (or `true`) asks the browser to save it. */
export function sendStatementPdf(res: FastifyReply, loanId: string, content: Buffer, downloadParam: string | undefined): void {
  const download = downloadParam === '1' || downloadParam === 'true';
  res.header('Content-Type', 'application/pdf');
  res.header('Content-Disposition', `${download ? 'attachment' : 'inline'}; filename="loan-statement-${loanId}.pdf"`);
  res.header('Cache-Control', 'private, no-store');
  res.send(content);
}
