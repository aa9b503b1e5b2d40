import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, loanIn } from '../support/loan-api.js';
import { loginStaff, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';

/** Security headers on every response (issue 9, item 4). */
let t: TestApp;
let spaDir: string;

/** A CSP header as directive -> sources. */
function csp(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectCommonHeaders(headers: Record<string, string>): void {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(csp(headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);
  expect(headers['x-powered-by']).toBeUndefined();
}

beforeAll(async () => {
  spaDir = mkdtempSync(path.join(tmpdir(), 'spa-'));
  for (const name of ['console', 'portal']) {
    mkdirSync(path.join(spaDir, name, 'assets'), { recursive: true });
    writeFileSync(
      path.join(spaDir, name, 'index.html'),
      `<!doctype html><title>${name}</title><script type="module" src="/assets/app.js"></script>`,
    );
    writeFileSync(path.join(spaDir, name, 'assets', 'app.js'), 'console.log(1)');
  }
  t = await startTestApp('headers', {}, undefined, {
    staticDirs: [
      { mount: '/Admin', dir: path.join(spaDir, 'console') },
      { mount: '/', dir: path.join(spaDir, 'portal'), exclude: ['/Admin', '/socket.io'] },
    ],
  });
});

afterAll(async () => {
  await t?.close();
  rmSync(spaDir, { recursive: true, force: true });
});

describe('every response carries the security headers', () => {
  it('API JSON and problem details: nothing may load or run, never framed; no HSTS outside production', async () => {
    for (const res of [
      await t.http.get('/api/public/emi?principal=100000&annualRatePercent=18&months=3'),
      await t.http.get('/api/me'),
      await t.http.get('/api/nope'),
    ]) {
      expectCommonHeaders(res.headers);
      expect(csp(res.headers['content-security-policy'])['default-src']).toEqual(["'none'"]);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('the admin console at /Admin (deep links too): self only, inline styles for MUI, the socket on the same origin', async () => {
    for (const url of ['/Admin/', '/Admin/loans/123', '/Admin/assets/app.js']) {
      const res = await t.http.get(url).expect(200);
      expectCommonHeaders(res.headers);
      const policy = csp(res.headers['content-security-policy']);
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(policy['script-src']).toEqual(["'self'"]);
      expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy['connect-src']).toEqual(["'self'"]);
      expect(policy['upgrade-insecure-requests']).toBeUndefined();
    }
    expect((await t.http.get('/Admin/loans')).text).toContain('<title>console</title>');
  });

  it('the borrower portal at /: the same policy; no Firebase hosts without FIREBASE_PROJECT_ID', async () => {
    const res = await t.http.get('/User/Loans').expect(200);
    expect(res.text).toContain('<title>portal</title>');
    expectCommonHeaders(res.headers);
    const policy = csp(res.headers['content-security-policy']);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('Swagger UI at /api/docs renders under its own policy and is never framed', async () => {
    const res = await t.http.get('/api/docs/').expect(200);
    expect(res.text).toContain('swagger-ui');
    expectCommonHeaders(res.headers);
    expect(csp(res.headers['content-security-policy'])['script-src']).toEqual(["'self'"]);
    await t.http.get('/api/docs/openapi.json').expect(200);
  });

  it('the agreement PDF: Content-Disposition with a file name, nosniff, no-store', async () => {
    const staff = await loginStaff(t.http);
    const borrower = await registerBorrower(t.http);
    const loan = await loanIn(t.http, 'consent.customerpending', borrower.token, staff);
    for (const [url, token] of [
      [`/api/me/loans/${loan.id}/agreement.pdf`, borrower.token],
      [`/api/admin/loans/${loan.id}/agreement.pdf?download=1`, staff],
    ]) {
      const res = await t.http.get(url).set(bearer(token)).buffer(true).expect(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(new RegExp(`^(inline|attachment); filename="loan-agreement-${loan.id}\\.pdf"$`));
      expect(res.headers['cache-control']).toBe('private, no-store');
      expectCommonHeaders(res.headers);
    }
  });
});

describe('in production', () => {
  it('HSTS is sent and upgrade-insecure-requests is on', async () => {
    const p = await startTestApp('headers-prod', { NODE_ENV: 'production', JWT_SECRET: randomBytes(24).toString('hex') }, undefined, {
      staticDirs: [{ mount: '/Admin', dir: path.join(spaDir, 'console') }],
    });
    try {
      const res = await p.http.get('/api/me');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expectCommonHeaders(res.headers);
      const adminPage = await p.http.get('/Admin/').expect(200);
      expect(adminPage.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(csp(adminPage.headers['content-security-policy'])['upgrade-insecure-requests']).toEqual([]);
    } finally {
      await p.close();
    }
  });
});
