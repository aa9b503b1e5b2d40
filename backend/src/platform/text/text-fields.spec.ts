import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { fieldsOf } from '../http/zod-body.js';
import { multiLineText, oneLine, singleLineText, textProblem } from './text-fields.js';

const name = singleLineText({ min: 2, max: 100 });
const note = multiLineText({ max: 1000 });
const problems = (schema: z.ZodType, value: unknown) => {
  const result = z.strictObject({ field: schema }).safeParse({ field: value });
  return result.success ? [] : fieldsOf(result.error);
};

describe('singleLineText', () => {
  it('accepts ordinary names in any script, trimmed', () => {
    for (const ok of [
      'Asha Rao',
      "Ren\u00e9e O'Brien-Smith",
      '\u0930\u0935\u093f \u0915\u0941\u092e\u093e\u0930',
      '\u0645\u062d\u0645\u062f \u0639\u0644\u064a',
      '\u674e\u5c0f\u9f99',
      'Zo\u00eb \u{1F600}',
    ]) {
      expect(name.parse(`  ${ok} `)).toBe(ok);
    }
  });

  it.each([
    ['Asha\r\nBcc: victim@example.com', 'must be a single line: line breaks are not allowed'],
    ['Asha\n', 'must be a single line: line breaks are not allowed'],
    ['Asha\rRao', 'must be a single line: line breaks are not allowed'],
    ['Asha\u2028Rao', 'must be a single line: line breaks are not allowed'],
    ['Asha\u0085Rao', 'must be a single line: line breaks are not allowed'],
    ['Asha\u0000Rao', 'must not contain control characters (found U+0000)'],
    ['Asha\u001bRao', 'must not contain control characters (found U+001B)'],
    ['Asha\u007fRao', 'must not contain control characters (found U+007F)'],
    ['Asha\u009bRao', 'must not contain control characters (found U+009B)'],
    ['Asha\tRao', 'must not contain tab characters'],
    ['Asha \u202eoaR', 'must not contain invisible text-direction characters (found U+202E)'],
    ['Asha \u2066Rao\u2069', 'must not contain invisible text-direction characters (found U+2066)'],
  ])('refuses %j with one message naming the field', (value, message) => {
    expect(problems(name, value)).toEqual([{ name: 'field', message }]);
  });

  it('still applies the length rules, after trimming', () => {
    expect(problems(name, ' A ')).toEqual([{ name: 'field', message: 'must be at least 2 characters' }]);
    expect(problems(name, 'x'.repeat(101))).toEqual([{ name: 'field', message: 'must be at most 100 characters' }]);
    expect(problems(singleLineText({ min: 1, max: 10, minMessage: 'reason is required' }), '  ')).toEqual([
      { name: 'field', message: 'reason is required' },
    ]);
    expect(problems(singleLineText({ max: 10, typeMessage: 'must be text' }), 42)).toEqual([{ name: 'field', message: 'must be text' }]);
  });
});

describe('multiLineText', () => {
  it('keeps line breaks; \\r\\n is stored as \\n', () => {
    expect(note.parse('first line\r\nsecond line\n\nthird ')).toBe('first line\nsecond line\n\nthird');
  });

  it.each([
    ['a\rb', 'may break lines only with \\n or \\r\\n'],
    ['a\u2029b', 'may break lines only with \\n or \\r\\n'],
    ['a\u0000b', 'must not contain control characters (found U+0000)'],
    ['a\u0007b', 'must not contain control characters (found U+0007)'],
    ['a\tb', 'must not contain tab characters'],
    ['a\u202Db', 'must not contain invisible text-direction characters (found U+202D)'],
  ])('refuses %j', (value, message) => {
    expect(problems(note, value)).toEqual([{ name: 'field', message }]);
  });
});

describe('oneLine (for header values the product builds)', () => {
  it('turns every line break, control and bidi character into a space', () => {
    expect(oneLine('Hello\r\nBcc: x@example.com\u0000\u202e')).toBe('Hello Bcc: x@example.com');
    expect(textProblem(oneLine('a\nb\tc\u2028d'), { multiLine: false })).toBeUndefined();
  });
});
