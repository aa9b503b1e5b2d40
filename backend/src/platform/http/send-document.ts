import type { FastifyReply } from 'fastify';

/**
 * Sends an uploaded document as its sniffed type, never rendered as anything else (nosniff), inline but in a
 * sandbox (a PDF cannot run script against our origin), never cached by shared caches.
 */
export function sendDocument(res: FastifyReply, document: { id: string; contentType: string; bytes: Buffer }): void {
  res.header('Content-Type', document.contentType);
  res.header('X-Content-Type-Options', 'nosniff');
  res.header('Content-Security-Policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'");
  res.header('Cache-Control', 'private, no-store');
  res.header('Content-Disposition', `inline; filename="${document.id}"`);
  res.send(document.bytes);
}
