import { describe, expect, it } from '@jest/globals';
import { currentReadScope, parseLogPosition, readingAfter, readRequirementOf } from './read-position.js';

describe('a WAL position (X-Commit-Position, X-Read-After)', () => {
  it('given an LSN, when parsed, then it is the 64-bit number of its two hexadecimal halves', () => {
    expect(parseLogPosition('0/16B3748')).toBe(0x16b3748n);
    expect(parseLogPosition('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n);
    expect(parseLogPosition(' 1/0 ')).toBe(1n << 32n);
    // Not text order: 1/A is past 0/FFFFFFFF.
    expect(parseLogPosition('1/A')! > parseLogPosition('0/FFFFFFFF')!).toBe(true);
  });

  it('given anything else, then it is no position', () => {
    for (const text of ['', '0', '0/', '/1', '0/1/2', 'G/1', '123456789/0', '0/x', null, undefined])
      expect(parseLogPosition(text)).toBeUndefined();
  });

  it('given a header, then no header asks nothing, a position asks for it, and anything else asks for the primary', () => {
    expect(readRequirementOf(undefined)).toBeUndefined();
    expect(readRequirementOf('  ')).toBeUndefined();
    expect(readRequirementOf('0/10')).toBe(16n);
    expect(readRequirementOf(['0/10', '0/20'])).toBe(16n);
    expect(readRequirementOf('yesterday')).toBe('primary');
  });

  it('given a request bound to a requirement, then its async work sees it, and work outside does not', async () => {
    expect(currentReadScope()).toBeUndefined();
    const seen = await readingAfter(5n, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return currentReadScope()?.requirement;
    });
    expect(seen).toBe(5n);
    expect(currentReadScope()).toBeUndefined();
  });
});
