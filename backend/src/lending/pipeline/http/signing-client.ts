import type { Request } from 'express';
import type { SigningClient } from '../application/sign-agreement.handler.js';

/** The signing evidence's client: Express's address (X-Forwarded-For only behind a trusted proxy) and the user agent. */
export const signingClient = (req: Request): SigningClient => ({
  ip: req.ip ?? req.socket.remoteAddress ?? 'unknown',
  userAgent: req.header('user-agent') ?? '',
});
