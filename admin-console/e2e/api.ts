import { OPS, STAFF } from './users';

/** Drives loans through the HTTP API alone, as backend/test/support/loan-api.ts does, to give the console real data. */
export type Api = ReturnType<typeof apiClient>;

export function apiClient(base: string) {
  async function call(method: string, path: string, token: string | null, body?: unknown) {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json().catch(() => null);
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  }
  let staffToken: string | null = null;
  let counter = 0;
  const signIn = async (who: { email: string; password: string }, deviceId: string) =>
    (await call('POST', '/auth/login', null, { email: who.email, password: who.password, deviceId })).token as string;

  const api = {
    call,
    signIn,
    /** The seeding staff member's token: a user of its own, so seeding never ends the console's session. */
    async staff(): Promise<string> {
      staffToken ??= await signIn(OPS, 'e2e-seeding-device');
      return staffToken!;
    },
    /** Creates the staff users the tests sign in as (the first staff user creates them). */
    async createStaff(users: { name: string; email: string; password: string; roleId: string }[]) {
      const admin = await signIn(STAFF, 'e2e-setup-device');
      for (const user of users) await call('POST', '/admin/users', admin, user);
    },
    async borrower(name: string): Promise<string> {
      counter += 1;
      const unique = `${Date.now()}${counter}`.slice(-10);
      const slug = name.toLowerCase().replace(/[^a-z]+/g, '.');
      return (
        await call('POST', '/auth/register', null, {
          name,
          email: `${slug}.${unique}@example.com`,
          phone: `+919${unique.slice(-9)}`,
          password: 'borrower-password',
        })
      ).token as string;
    },
    /** A fresh loan of the borrower, moved to `target` by the API steps of the pipeline. */
    async loanIn(target: string, borrower: string, body: Record<string, unknown> = { type: 'EMI', amount: 10_000_000, tenureMonths: 12 }) {
      const staff = await api.staff();
      const loan = await call('POST', '/me/loans', borrower, body);
      const id = loan.id as string;
      if (target === 'new') return id;
      if (target === 'rejected') {
        await call('POST', `/admin/loans/${id}/reject`, staff, { reason: 'Income could not be verified' });
        return id;
      }
      let documentHash = '';
      const steps: [string, () => Promise<{ state: string; agreement?: { documentHash: string } }>][] = [
        ['applied', () => call('POST', `/me/loans/${id}/submit`, borrower)],
        ['soft.pending', () => call('POST', `/admin/loans/${id}/accept`, staff, { reason: 'Documents complete' })],
        ['bank.pending', () => call('POST', `/admin/loans/${id}/approve-soft`, staff, { score: 742 })],
        [
          'consent.pending',
          async () => {
            // The Bank section approve-bank reads; the development penny drop matches its holder with the borrower's name.
            const me = await call('GET', '/me/profile', borrower);
            await call('PUT', '/me/profile/bank', borrower, {
              holderName: me.name,
              accountNumber: '123456789012',
              ifsc: 'HDFC0001234',
              accountType: 'savings',
            });
            return call('POST', `/admin/loans/${id}/approve-bank`, staff, { method: 'penny-drop' });
          },
        ],
        ['consent.customerpending', () => call('POST', `/admin/loans/${id}/issue-agreement`, staff, {})],
        [
          'final.pending',
          async () => {
            // Step6: the code goes by SMS to the borrower's registered phone; development keeps it readable in the SMS log.
            const sent = await call('POST', `/me/loans/${id}/agreement/code`, borrower);
            const me = await call('GET', '/me/profile', borrower);
            const sms = await call(
              'GET',
              `/admin/sms?filter=${encodeURIComponent(JSON.stringify({ to: me.phone, purpose: 'e-sign' }))}&range=${encodeURIComponent('[0,0]')}`,
              staff,
            );
            const code = /\b(\d{6})\b/.exec(String(sms[0]?.body ?? ''))?.[1];
            if (!sent || !code) throw new Error('no e-sign code in the SMS log');
            return call('POST', `/me/loans/${id}/sign-agreement`, borrower, { documentHash, code });
          },
        ],
        ['disbursal.pending', () => call('POST', `/admin/loans/${id}/approve-final`, staff, {})],
        [
          'active',
          () =>
            call('POST', `/admin/loans/${id}/disburse`, staff, {
              payoutReference: `UTR${id.slice(0, 8).toUpperCase()}`,
              disbursedOn: '2026-11-21',
            }),
        ],
      ];
      for (const [state, step] of steps) {
        const res = await step();
        if (res.state !== state) throw new Error(`expected ${state}, got ${res.state}`);
        if (res.agreement) documentHash = res.agreement.documentHash;
        if (state === target) return id;
      }
      throw new Error(`cannot drive a loan to ${target}`);
    },
  };
  return api;
}
