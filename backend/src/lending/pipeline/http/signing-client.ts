import type { FastifyRequest } from 'fastify';
import type { SigningClient } from '../application/sign-agreement.handler.js';
import { requestHeader } from '../../../platform/http/request-header.js';

/** The signing evidence's client: Fastify's address (X-Forwarded-For only behind a trusted proxy) and the user agent. */
export const signingClient = (req: FastifyRequest): SigningClient => ({
  ip: req.ip ?? req.socket.remoteAddress ?? 'unknown',
  userAgent: requestHeader(req, 'user-agent') ?? '',
});
