import type { Response } from 'express';

export function sendAgreementPdf(res: Response, loanId: string, document: { content: Buffer; documentHash: string }, download: boolean): void {
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `${download ? 'attachment' : 'inline'}; filename="loan-agreement-${loanId}.pdf"`);
  res.setHeader('X-Document-SHA256', document.documentHash);
  res.setHeader('Cache-Control', 'private, no-store');
  res.send(document.content);
}
