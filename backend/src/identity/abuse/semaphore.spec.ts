import { describe, expect, it } from '@jest/globals';
import { Semaphore, SemaphoreFull } from './semaphore.js';

/** A task the test finishes by hand, so "how many run at once" is observed, not timed. */
function gatedTask(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    finish: () => finish(),
    run: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('Semaphore', () => {
  it('given one slot, when two tasks are submitted, then the second starts only after the first ends', async () => {
    // given
    const gate = new Semaphore(1, 5);
    const log: string[] = [];
    const a = gatedTask(log, 'a');
    const b = gatedTask(log, 'b');
    // when
    const ra = gate.run(a.run);
    const rb = gate.run(b.run);
    await settle();
    // then
    expect(log).toEqual(['start a']);
    expect(gate.active).toBe(1);
    expect(gate.queued).toBe(1);
    a.finish();
    await ra;
    await settle();
    expect(log).toEqual(['start a', 'end a', 'start b']);
    b.finish();
    await expect(rb).resolves.toBe('b');
    expect(gate.active).toBe(0);
  });

  it('given two slots, when ten tasks are submitted at once, then never more than two run together and all finish in order', async () => {
    // given
    const gate = new Semaphore(2, 10);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    // when
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        gate.run(async () => {
          running += 1;
          peak = Math.max(peak, running);
          await settle();
          order.push(i);
          running -= 1;
        }),
      ),
    );
    // then
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(gate.active).toBe(0);
  });

  it('given a full slot and a full queue, when one more task arrives, then it is refused at once and never runs', async () => {
    // given
    const gate = new Semaphore(1, 1);
    const log: string[] = [];
    const a = gatedTask(log, 'a');
    const b = gatedTask(log, 'b');
    const ra = gate.run(a.run);
    const rb = gate.run(b.run);
    // when
    let ranC = false;
    const rc = gate.run(async () => {
      ranC = true;
    });
    // then
    await expect(rc).rejects.toBeInstanceOf(SemaphoreFull);
    expect(ranC).toBe(false);
    a.finish();
    b.finish();
    await Promise.all([ra, rb]);
    // and once the line has cleared, a new task is accepted again
    await expect(gate.run(async () => 'c')).resolves.toBe('c');
  });

  it('given a task that throws, when it fails, then its slot is released for the next one', async () => {
    // given
    const gate = new Semaphore(1, 1);
    // when
    const failing = gate.run(async () => {
      throw new Error('boom');
    });
    const next = gate.run(async () => 'next');
    // then
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
    expect(gate.active).toBe(0);
  });

  it('given a queue of zero, when the slot is busy, then a second task is refused rather than waiting', async () => {
    // given
    const gate = new Semaphore(1, 0);
    await gate.acquire();
    // when / then
    await expect(gate.acquire()).rejects.toBeInstanceOf(SemaphoreFull);
    gate.release();
    await expect(gate.acquire()).resolves.toBeUndefined();
    gate.release();
  });

  it('refuses nonsense bounds', () => {
    expect(() => new Semaphore(0, 1)).toThrow(RangeError);
    expect(() => new Semaphore(1, -1)).toThrow(RangeError);
    expect(() => new Semaphore(1.5, 1)).toThrow(RangeError);
  });
});
