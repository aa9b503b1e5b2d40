import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeAuthEmulator = { host: string; close(): Promise<void> };

/**
 * A local stand-in for the Firebase Auth emulator's one endpoint firebase-admin calls (`accounts:lookup`, to check
 * revocation and disabled users); `lookup` answers the accounts for the asked ids. Malformed bodies ask for none.
 */
export async function startFakeAuthEmulator(lookup: (ids: string[]) => object[]): Promise<FakeAuthEmulator> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.method === 'POST' && req.url?.includes('accounts:lookup')) {
        let ids: string[];
        try {
          ids = (JSON.parse(body || '{}').localId ?? []) as string[];
        } catch {
          ids = [];
        }
        const users = lookup(ids);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(users.length ? { users } : {}));
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    host: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');

export type EmulatorAccount = { uid: string; email?: string; emailVerified?: boolean; name?: string; phone?: string };

/**
 * An ID token as the Auth emulator hands them out (unsigned), issued for `project` to `account` by Google sign-in;
 * `overrides` changes claims (another audience, a past expiry). firebase-admin in emulator mode accepts it.
 */
export function emulatorIdToken(project: string, account: EmulatorAccount, overrides: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: `https://securetoken.google.com/${project}`,
    aud: project,
    auth_time: now,
    user_id: account.uid,
    sub: account.uid,
    iat: now,
    exp: now + 3600,
    email: account.email,
    email_verified: account.emailVerified ?? true,
    name: account.name,
    phone_number: account.phone,
    firebase: { identities: { 'google.com': [account.uid] }, sign_in_provider: 'google.com' },
    ...overrides,
  };
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
}
