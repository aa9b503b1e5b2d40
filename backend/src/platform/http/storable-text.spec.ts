import { describe, expect, it } from '@jest/globals';
import { RequestValidationFailed } from './problem.js';
import { StorableTextPipe, UNSTORABLE_MESSAGE, unstorableText } from './storable-text.js';

describe('text the database cannot store', () => {
  it('names every NUL and unpaired surrogate, in values and keys, at any depth', () => {
    expect(
      unstorableText({ reason: 'a\u0000b', ok: 'plain ✓ 😀', list: ['x', '\ud800'], deep: { lone: 'x\udc00' }, ['k\u0000']: 1 }),
    ).toEqual([
      { name: 'reason', message: UNSTORABLE_MESSAGE },
      { name: 'list.1', message: UNSTORABLE_MESSAGE },
      { name: 'deep.lone', message: UNSTORABLE_MESSAGE },
      { name: 'k?', message: UNSTORABLE_MESSAGE },
    ]);
    expect(unstorableText('a\u0000', ['id'])).toEqual([{ name: 'id', message: UNSTORABLE_MESSAGE }]);
  });

  it('lets ordinary text, emoji (paired surrogates), other control characters and non-strings through', () => {
    expect(unstorableText({ a: 'Asha Rao', b: '😀'.repeat(3), c: 'tab\there\nline', d: 12, e: null, f: [true, { g: 'é' }] })).toEqual([]);
  });

  it('the global pipe refuses a body, query or path parameter with such text as a 400 naming it', () => {
    const pipe = new StorableTextPipe();
    expect(() => pipe.transform({ name: 'x\u0000' }, { type: 'body' })).toThrow(RequestValidationFailed);
    expect(() => pipe.transform('a\u0000b', { type: 'param', data: 'id' })).toThrow(
      expect.objectContaining({ fields: [{ name: 'id', message: UNSTORABLE_MESSAGE }] }) as never,
    );
    expect(pipe.transform({ name: 'fine' }, { type: 'body' })).toEqual({ name: 'fine' });
  });
});
