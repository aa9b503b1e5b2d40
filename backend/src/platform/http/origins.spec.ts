import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from '@jest/globals';
import { addressedOrigin, clientAddress, fromOwnOrigin, normalizeOrigin, productOrigins } from './origins.js';

const request = (headers: Record<string, string>, remoteAddress = '10.0.0.5', encrypted = false) =>
  ({ headers, socket: { remoteAddress, encrypted } }) as unknown as IncomingMessage;
const trustLoopbackProxy = (address: string) => address === '10.0.0.5';

describe('origins', () => {
  it('normalizes origins and rejects null and non-web schemes', () => {
    expect(normalizeOrigin('HTTPS://Lending.Example:443')).toBe('https://lending.example');
    expect(normalizeOrigin('null')).toBeUndefined();
    expect(normalizeOrigin('file:///etc/passwd')).toBeUndefined();
    expect(normalizeOrigin('not a url')).toBeUndefined();
    expect([...productOrigins({ publicUrl: 'https://lending.example/portal', corsOrigins: ['http://localhost:5173', 'junk'] })]).toEqual([
      'https://lending.example',
      'http://localhost:5173',
    ]);
  });

  it('the addressed origin believes X-Forwarded-* only from a trusted proxy', () => {
    const viaProxy = request({ host: 'api:3000', 'x-forwarded-host': 'lending.example', 'x-forwarded-proto': 'https' });
    expect(addressedOrigin(viaProxy)).toBe('http://api:3000');
    expect(addressedOrigin(viaProxy, trustLoopbackProxy)).toBe('https://lending.example');
    expect(addressedOrigin(request({ host: 'lending.example' }, '1.2.3.4', true))).toBe('https://lending.example');
  });

  it('own origin: Sec-Fetch-Site same-origin, or an Origin we answer to', () => {
    const allowed = new Set(['https://lending.example']);
    expect(fromOwnOrigin(request({ host: 'x', 'sec-fetch-site': 'same-origin' }), allowed)).toBe(true);
    expect(fromOwnOrigin(request({ host: 'x', origin: 'https://lending.example' }), allowed)).toBe(true);
    expect(fromOwnOrigin(request({ host: 'api:3000', origin: 'http://api:3000' }), allowed)).toBe(true);
    expect(fromOwnOrigin(request({ host: 'api:3000', origin: 'https://evil.example' }), allowed)).toBe(false);
    expect(fromOwnOrigin(request({ host: 'api:3000', origin: 'null' }), allowed)).toBe(false);
    expect(fromOwnOrigin(request({ host: 'api:3000' }), allowed)).toBe(false);
    expect(fromOwnOrigin(request({ host: 'api:3000', 'x-forwarded-host': 'evil.example', origin: 'http://evil.example' }), allowed)).toBe(
      false,
    );
  });

  it('the client address follows X-Forwarded-For through trusted proxies only', () => {
    const r = request({ 'x-forwarded-for': '203.0.113.7, 10.0.0.9' });
    expect(clientAddress(r)).toBe('10.0.0.5');
    expect(clientAddress(r, (a) => a.startsWith('10.'))).toBe('203.0.113.7');
    expect(clientAddress(r, (_a, i) => i < 1)).toBe('10.0.0.9');
  });
});
