import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import type { TestApp } from './test-app.js';

/** Makes the test app listen on a free port (sockets need a real address) and answers its base URL. */
export async function listen(t: TestApp): Promise<string> {
  const server = t.app.getHttpServer();
  if (!server.listening) await t.app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export type PageSocket = {
  socket: Socket;
  events: { name: string; data: unknown }[];
  next(name: string, timeoutMs?: number): Promise<unknown>;
  close(): void;
};

/** A browser page's presence connection, recording every event it receives. */
/** `headers`: what a browser would add to the handshake (Origin, Cookie). */
export type HandshakeHeaders = { headers?: Record<string, string> };

export async function connectPage(
  baseUrl: string,
  auth: { token?: string; deviceId?: string },
  options: HandshakeHeaders = {},
): Promise<PageSocket> {
  const socket = io(baseUrl, {
    path: '/socket.io',
    auth,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: options.headers,
  });
  const events: { name: string; data: unknown }[] = [];
  const waiters: { name: string; resolve: (d: unknown) => void }[] = [];
  socket.onAny((name: string, data: unknown) => {
    events.push({ name, data });
    for (const w of waiters.filter((x) => x.name === name)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(data);
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  return {
    socket,
    events,
    next(name, timeoutMs = 5000) {
      const seen = events.find((e) => e.name === name);
      if (seen) return Promise.resolve(seen.data);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no ${name} event within ${timeoutMs} ms; got ${events.map((e) => e.name).join(', ') || 'nothing'}`)),
          timeoutMs,
        );
        waiters.push({ name, resolve: (d) => (clearTimeout(timer), resolve(d)) });
      });
    },
    close: () => socket.disconnect(),
  };
}

/** A connection attempt that must be refused: answers the refusal's problem data. */
export async function refusedConnection(
  baseUrl: string,
  auth: { token?: string; deviceId?: string },
  options: HandshakeHeaders = {},
): Promise<{ type: string; status: number; detail: string }> {
  const socket = io(baseUrl, {
    path: '/socket.io',
    auth,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: options.headers,
  });
  try {
    return await new Promise((resolve, reject) => {
      socket.once('connect', () => reject(new Error('the connection was accepted')));
      socket.once('connect_error', (error: Error & { data?: { type: string; status: number; detail: string } }) => resolve(error.data!));
    });
  } finally {
    socket.disconnect();
  }
}
