import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../platform/config/config.js';
import { securityHeaders } from './security-headers.js';

function headersFor(url: string, env: Record<string, string> = {}): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (k: string, v: string) => (headers[k.toLowerCase()] = String(v)),
    removeHeader: () => undefined,
  } as unknown as ServerResponse;
  securityHeaders(loadConfig({ NODE_ENV: 'test', ...env }))({ url, headers: {}, method: 'GET' } as IncomingMessage, res, () => undefined);
  return headers;
}

describe('security headers', () => {
  it('the portal allows Firebase sign-in hosts only when FIREBASE_PROJECT_ID is set, and then lets the popup report back', () => {
    const plain = headersFor('/Auth/login');
    expect(plain['content-security-policy']).not.toMatch(/googleapis|firebaseapp/);
    const firebase = headersFor('/Auth/login', { FIREBASE_PROJECT_ID: 'demo-lending', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    expect(firebase['content-security-policy']).toMatch(
      /connect-src 'self' https:\/\/identitytoolkit\.googleapis\.com .*http:\/\/127\.0\.0\.1:9099/,
    );
    expect(firebase['content-security-policy']).toMatch(/frame-src 'self' blob: https:\/\/demo-lending\.firebaseapp\.com/);
    expect(firebase['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    // The console never signs in with Firebase.
    expect(headersFor('/Admin/login', { FIREBASE_PROJECT_ID: 'demo-lending' })['content-security-policy']).not.toMatch(/googleapis/);
  });

  it('picks the policy by path: /api, /api/docs, /socket.io, /Admin (any case), the portal', () => {
    expect(headersFor('/api/me/loans?x=1')['content-security-policy']).toMatch(/^default-src 'none'/);
    expect(headersFor('/socket.io/?EIO=4')['content-security-policy']).toMatch(/^default-src 'none'/);
    expect(headersFor('/api/docs/swagger-ui-init.js')['content-security-policy']).toMatch(/script-src 'self';/);
    expect(headersFor('/admin/loans')['content-security-policy']).toMatch(/style-src 'self' 'unsafe-inline'/);
    expect(headersFor('/Administrator')['content-security-policy']).toMatch(/object-src blob:/);
  });

  it("the sandbox providers' pages (payment checkout, mandate authorisation) keep their inline styles and post their forms", () => {
    for (const page of ['/api/payments/sandbox/p1', '/api/mandates/sandbox/m1']) {
      const csp = headersFor(page)['content-security-policy'];
      expect(csp).toMatch(/style-src 'unsafe-inline'/);
      expect(csp).toMatch(/form-action 'self'/);
      expect(csp).not.toMatch(/script-src/);
    }
    // The webhook beside them is an API answer like any other.
    expect(headersFor('/api/mandates/webhooks/sandbox')['content-security-policy']).toMatch(/form-action 'none'/);
  });
});
