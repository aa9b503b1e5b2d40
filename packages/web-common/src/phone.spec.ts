import { describe, expect, it } from 'vitest';
import { formatPhone, phoneHref, toE164 } from './phone';

describe('formatPhone', () => {
  it('given an Indian number in E.164, then it reads grouped: +91 98765 01234', () => {
    expect(formatPhone('+919876501234')).toBe('+91 98765 01234');
  });

  it('given a landline or another country, then each is grouped its own way', () => {
    expect(formatPhone('+918040001234')).toBe('+91 80 4000 1234');
    expect(formatPhone('+447911123456')).toBe('+44 7911 123456');
  });

  it('given a value that is not a number, then it is shown as stored; no phone is a dash', () => {
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone(null)).toBe('—');
    expect(formatPhone(undefined)).toBe('—');
    expect(formatPhone('')).toBe('—');
  });
});

describe('phoneHref', () => {
  it('given a number in any form, then the link dials its digits and +', () => {
    expect(phoneHref('+919876501234')).toBe('tel:+919876501234');
    expect(phoneHref('+91 98765 01234')).toBe('tel:+919876501234');
  });
});

describe('toE164', () => {
  it('given the usual ways of writing an Indian mobile, then each is the same E.164 number', () => {
    for (const written of ['9876501234', '09876501234', '+91 98765 01234', '91-9876501234', '(+91) 98765-01234'])
      expect(toE164(written)).toBe('+919876501234');
  });

  it('given what is not a valid number, then it is undefined', () => {
    for (const written of ['12345', '+91 00000 00001', 'phone', '']) expect(toE164(written)).toBeUndefined();
  });
});
