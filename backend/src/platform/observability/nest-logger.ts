import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'pino';

type Level = 'warn' | 'error' | 'fatal';

/**
 * Nest's own warnings and errors as pino lines (LOG_LEVEL), like the request lines: the last extra argument is Nest's
 * context (the class that logged), an Error becomes `err`. Nest's exception handlers call `error(message, stack,
 * context)`: the stack is kept with the message. Route tables and module wiring (`log`, `debug`, `verbose`) stay out.
 */
export function nestLogger(logger: Logger): LoggerService {
  const write =
    (level: Level) =>
    (message: unknown, ...rest: unknown[]) => {
      const fields: Record<string, unknown> = rest.length > 0 ? { context: rest[rest.length - 1] } : {};
      const extra = rest.slice(0, -1);
      if (message instanceof Error) return logger[level]({ ...fields, err: message });
      if (typeof message === 'object' && message !== null) return logger[level]({ ...fields, ...message });
      if (level === 'error' && extra.length === 1 && typeof extra[0] === 'string') {
        const err = new Error(String(message));
        err.stack = extra[0];
        return logger[level]({ ...fields, err });
      }
      return logger[level](fields, String(message));
    };
  const quiet = () => undefined;
  return { log: quiet, debug: quiet, verbose: quiet, warn: write('warn'), error: write('error'), fatal: write('fatal') };
}
