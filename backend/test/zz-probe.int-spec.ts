import { afterAll, beforeAll, it } from '@jest/globals';
import { registerBorrower, startTestApp, type TestApp } from './support/test-app.js';
let t: TestApp;
beforeAll(async () => { t = await startTestApp('probe'); });
afterAll(async () => { await t?.close(); });
it('probe', async () => {
  const b = await registerBorrower(t.http);
  const res = await t.http.post('/api/me/loans').set({ Authorization: `Bearer ${b.token}` }).set('Content-Type', 'application/json').send('{"type": ');
  console.log(res.status, res.headers['content-type'], res.text);
  const r2 = await t.http.post('/api/auth/login').set('Content-Type', 'application/json').send('{"type": ');
  console.log(r2.status, r2.text);
  const stack = (t.app.getHttpAdapter().getInstance() as any).router.stack;
  console.log(stack.map((l: any) => [l.name, l.route?.path, l.route ? Object.keys(l.route.methods) : null]));
});
