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
        let ids: string[] = [];
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
