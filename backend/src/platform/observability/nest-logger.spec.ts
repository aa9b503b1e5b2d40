import { describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { nestLogger } from './nest-logger.js';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'info', base: null },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { service: nestLogger(logger), lines };
}

describe('Nest messages as pino lines', () => {
  it('a warning keeps its message, with Nest context as `context`', () => {
    const { service, lines } = capture();
    service.warn('Listener took long', 'EventBus');
    expect(lines).toEqual([expect.objectContaining({ level: 40, msg: 'Listener took long', context: 'EventBus' })]);
  });

  it("an exception handler's error(message, stack, context) becomes `err` with that stack", () => {
    const { service, lines } = capture();
    service.error('Cannot read id', 'Error: Cannot read id\n    at handler (x.ts:1:1)', 'ExceptionsHandler');
    expect(lines[0]).toMatchObject({
      level: 50,
      context: 'ExceptionsHandler',
      err: { message: 'Cannot read id', stack: 'Error: Cannot read id\n    at handler (x.ts:1:1)' },
    });
  });

  it('an Error object becomes `err`; an object is merged into the line', () => {
    const { service, lines } = capture();
    service.error(new Error('boom'), 'Worker');
    service.warn({ queue: 'email' }, 'Queues');
    expect(lines[0]).toMatchObject({ level: 50, context: 'Worker', err: { message: 'boom' } });
    expect(lines[1]).toMatchObject({ level: 40, context: 'Queues', queue: 'email' });
  });

  it("Nest's route tables and module wiring write nothing", () => {
    const { service, lines } = capture();
    service.log('Mapped {/api/me, GET} route', 'RouterExplorer');
    service.debug?.('InstanceLoader', 'x');
    service.verbose?.('y');
    expect(lines).toEqual([]);
  });
});
