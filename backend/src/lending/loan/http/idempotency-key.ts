import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { RequestValidationFailed } from '../../../platform/http/problem.js';

/** The optional Idempotency-Key header: a repeat of a command with the same key returns the first answer. */
export const IdempotencyKey = createParamDecorator((_: unknown, ctx: ExecutionContext): string | undefined => {
  const raw = ctx.switchToHttp().getRequest().headers['idempotency-key'];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^[A-Za-z0-9._:-]{1,200}$/.test(raw)) {
    throw new RequestValidationFailed([{ name: 'Idempotency-Key', message: 'must be 1 to 200 letters, digits or . _ : -' }]);
  }
  return raw;
});
