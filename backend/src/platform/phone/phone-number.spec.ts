import { describe, expect, it } from '@jest/globals';
import { e164Phone, inOneForm, phoneField, PHONE_FIELD_MESSAGE } from './phone-number.js';

describe('e164Phone: one form for every way a phone is written', () => {
  it.each([
    ['9876501234', 'ten digits (an Indian mobile as typed)'],
    ['09876501234', 'a trunk 0 in front'],
    ['+91 98765 01234', 'international, grouped'],
    ['91-9876501234', 'the country code without +'],
    ['919876501234', 'as a provider sends it'],
    ['+919876501234', 'already E.164'],
    ['(+91) 98765-01234', 'brackets and dashes'],
    ['0091 98765 01234', 'the 00 international prefix'],
    ['98765.01234', 'dots'],
    ['98765\u00a001234', 'a no-break space'],
  ])('given %s (%s), when normalised, then it is +919876501234', (written) => {
    expect(e164Phone(written)).toBe('+919876501234');
  });

  it('given a number of another country, when normalised, then it keeps its country code', () => {
    expect(e164Phone('+44 7911 123456')).toBe('+447911123456');
    expect(e164Phone('447911123456')).toBe('+447911123456');
    expect(e164Phone('+1 (202) 555-0143')).toBe('+12025550143');
  });

  it('given an Indian landline, when normalised, then it is E.164 too', () => {
    expect(e164Phone('+91 80 4000 1234')).toBe('+918040001234');
    expect(e164Phone('080 4000 1234')).toBe('+918040001234');
  });

  it.each([
    ['12345', 'too short'],
    ['98765012345678', 'too long for India'],
    ['+91 00000 00001', 'not a number India issues'],
    ['+1 555 000 1111', 'not a number the US issues'],
    ['98765x01234', 'a letter'],
    ['', 'nothing'],
    ['+', 'a plus alone'],
    ['9'.repeat(50), 'far too long'],
  ])('given %s (%s), when normalised, then it is undefined', (written) => {
    expect(e164Phone(written)).toBeUndefined();
  });

  it('given a stored value, when put in one form, then a number becomes E.164 and what is not one stays as stored', () => {
    expect(inOneForm('9876501234')).toBe('+919876501234');
    expect(inOneForm('+919876501234')).toBe('+919876501234');
    expect(inOneForm('12345')).toBe('12345');
  });
});

describe('phoneField: the request field', () => {
  it('given a number as people write it, when parsed, then the value is E.164', () => {
    expect(phoneField().parse('098765-01234')).toBe('+919876501234');
  });

  it('given what is not a phone, when parsed, then it is refused with the field message', () => {
    const result = phoneField().safeParse('12345');
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual([PHONE_FIELD_MESSAGE]);
  });
});
