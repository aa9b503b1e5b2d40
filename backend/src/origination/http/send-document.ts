import type { Response } from 'express';

/**
 * Sends an uploaded document as its sniffed type, never rendered as anything else (nosniff), inline but in a
 * sandbox (a PDF cannot run script against our origin), never cached by shared caches.
 */
export function sendDocument(res: Response, document: { id: string; contentType: string; bytes: Buffer }): void {
  res.setHeader('Content-Type', document.contentType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'");
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('Content-Disposition', `inline; filename="${document.id}"`);
  res.end(document.bytes);
}
