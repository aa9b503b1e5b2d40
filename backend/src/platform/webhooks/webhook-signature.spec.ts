import { describe, expect, it } from '@jest/globals';
import { hasValidSignature, signWebhook } from './webhook-signature.js';

describe('webhook signatures (X-Signature: sha256=<hex HMAC-SHA256 of the raw body>)', () => {
  const secret = 'whatsapp-test-secret-0123';
  const body = Buffer.from('{"messageId":"wamid.1","text":"hello"}');

  it('given the body signed with the secret, when checked, then it is valid', () => {
    expect(signWebhook(body, secret)).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(hasValidSignature(body, signWebhook(body, secret), secret)).toBe(true);
  });

  it('given a missing header, an empty one, or several, then it is not', () => {
    expect(hasValidSignature(body, undefined, secret)).toBe(false);
    expect(hasValidSignature(body, '', secret)).toBe(false);
    expect(hasValidSignature(body, [signWebhook(body, secret)], secret)).toBe(false);
  });

  it('given a signature with another key, of other bytes, or cut short, then it is not', () => {
    expect(hasValidSignature(body, signWebhook(body, 'another-secret-0123456'), secret)).toBe(false);
    expect(hasValidSignature(body, signWebhook(Buffer.from(`${body.toString()} `), secret), secret)).toBe(false);
    expect(hasValidSignature(body, signWebhook(body, secret).slice(0, -2), secret)).toBe(false);
    expect(hasValidSignature(body, signWebhook(body, secret).replace('sha256=', 'sha1='), secret)).toBe(false);
  });

  it('given the same JSON re-serialised (other whitespace), then it is not: the raw bytes are signed', () => {
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, 1));
    expect(hasValidSignature(reserialised, signWebhook(body, secret), secret)).toBe(false);
  });
});
