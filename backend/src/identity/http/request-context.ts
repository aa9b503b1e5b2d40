import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseWith } from '../../platform/http/zod-body.js';
import type { SignInContext } from '../sessions/session-starter.js';
import { requestHeader } from '../../platform/http/request-header.js';

/** The browser's device_id: a generated id, so letters, digits and a few separators, of a sane length. */
export const deviceIdSchema = z
  .string()
  .trim()
  .min(8, 'must be at least 8 characters')
  .max(128, 'must be at most 128 characters')
  .regex(/^[A-Za-z0-9._:-]+$/, 'may hold only letters, digits and . _ : -');

/** Where a sign-in comes from: the device id from the body, else the X-Device-Id header; the address; the agent. */
export function signInContext(request: FastifyRequest, bodyDeviceId: string | undefined): SignInContext {
  const header = requestHeader(request, 'x-device-id')?.trim();
  const deviceId =
    bodyDeviceId ??
    (header ? parseWith(z.strictObject({ 'X-Device-Id': deviceIdSchema }), { 'X-Device-Id': header })['X-Device-Id'] : undefined);
  return { deviceId, ip: clientIp(request), userAgent: requestHeader(request, 'user-agent') ?? undefined };
}

/** Fastify resolves X-Forwarded-For only when TRUST_PROXY says the proxy in front is ours. */
export const clientIp = (request: FastifyRequest): string => request.ip ?? request.socket.remoteAddress ?? 'unknown';
