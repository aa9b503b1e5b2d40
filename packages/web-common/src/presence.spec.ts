import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from './browser';
import {
  connectPresence,
  handleDeviceChanged,
  handleDeviceReload,
  resetPresenceState,
  SOMEONE_ELSE_LOGGED_IN,
  type PresenceHandlers,
} from './presence';
import { getDeviceId, getToken, storeToken } from './session';

type Handler = (...args: unknown[]) => void;
type FakeSocket = {
  options: unknown;
  handlers: Map<string, Handler>;
  disconnect: ReturnType<typeof vi.fn>;
  removeAllListeners: ReturnType<typeof vi.fn>;
};
const sockets: FakeSocket[] = [];

vi.mock('socket.io-client', () => ({
  io: (options: unknown) => {
    const socket = {
      options,
      handlers: new Map<string, Handler>(),
      disconnect: vi.fn(),
      removeAllListeners: vi.fn(),
      on: (event: string, handler: Handler) => socket.handlers.set(event, handler),
    };
    sockets.push(socket);
    return socket;
  },
}));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function handlers() {
  return {
    onDeviceChanged: vi.fn<() => void>(),
    onDeviceReload: vi.fn<() => void>(),
    onSessionEnded: vi.fn<(reason: string, detail?: string) => void>(),
    onConnectionChange: vi.fn<(connected: boolean) => void>(),
  } satisfies PresenceHandlers;
}

async function connect(h = handlers()) {
  const stop = connectPresence('tok-1', h);
  await vi.waitFor(() => expect(sockets).toHaveLength(1));
  const socket = sockets[0];
  const emit = (event: string, ...args: unknown[]) => socket.handlers.get(event)!(...args);
  return { h, socket, emit, stop };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.cookie.split(';').forEach((c) => (document.cookie = `${c.split('=')[0].trim()}=; Max-Age=0; Path=/`));
  sockets.length = 0;
  resetPresenceState();
  vi.spyOn(browser, 'alert').mockImplementation(() => undefined);
  vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
  vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('the presence socket', () => {
  it('connects with the token and this device’s id, and reports online once the server has counted it', async () => {
    const { socket, emit, h, stop } = await connect();
    expect(socket.options).toEqual(expect.objectContaining({ path: '/socket.io', auth: { token: 'tok-1', deviceId: getDeviceId() } }));
    expect(socket.handlers.has('connect')).toBe(false); // the bare connection does not count
    emit('presence', { userId: 'someone-else', status: true, device: 'other' });
    expect(h.onConnectionChange).not.toHaveBeenCalledWith(true);
    emit('presence', { status: true, device: getDeviceId() });
    expect(h.onConnectionChange).toHaveBeenLastCalledWith(true);
    emit('disconnect');
    expect(h.onConnectionChange).toHaveBeenLastCalledWith(false);
    stop();
    expect(socket.disconnect).toHaveBeenCalled();
  });

  it('hands device-changed, device-reload and session-ended to one handler each', async () => {
    const { emit, h } = await connect();
    emit('device-changed', { device: 'other' });
    emit('device-reload', { device: 'devicereload' });
    emit('session-ended', { reason: 'password-reset' });
    emit('session-ended', undefined);
    expect(h.onDeviceChanged).toHaveBeenCalledTimes(1);
    expect(h.onDeviceReload).toHaveBeenCalledTimes(1);
    expect(h.onSessionEnded.mock.calls).toEqual([['password-reset'], ['signed-out']]);
  });

  it('a devicereload mark already pending on connect reloads the device; another user’s record does not', async () => {
    const { emit, h } = await connect();
    emit('presence', { device: 'devicereload', status: true });
    expect(h.onDeviceReload).toHaveBeenCalledTimes(1);
    emit('presence', { userId: 'someone-else', device: 'devicereload' });
    emit('presence', { device: getDeviceId(), status: true });
    expect(h.onDeviceReload).toHaveBeenCalledTimes(1);
  });

  it('a handshake refused for a superseded session is a device change; other refusals end the session', async () => {
    const first = await connect();
    first.emit('connect_error', Object.assign(new Error('refused'), { data: { type: 'session-superseded', status: 401 } }));
    expect(first.socket.disconnect).toHaveBeenCalled();
    expect(first.h.onDeviceChanged).toHaveBeenCalledTimes(1);
    sockets.length = 0;
    const second = await connect();
    second.emit(
      'connect_error',
      Object.assign(new Error('refused'), { data: { type: 'session-revoked', status: 401, detail: 'You signed out on another device.' } }),
    );
    expect(second.h.onSessionEnded).toHaveBeenCalledWith('session-revoked', 'You signed out on another device.');
  });

  it('a connection error that is not a refusal keeps the session (socket.io retries)', async () => {
    const { emit, h, socket } = await connect();
    emit('connect_error', new Error('xhr poll error'));
    expect(socket.disconnect).not.toHaveBeenCalled();
    expect(h.onSessionEnded).not.toHaveBeenCalled();
    expect(h.onDeviceChanged).not.toHaveBeenCalled();
  });
});

describe('device takeover (spec §4)', () => {
  it('alerts "Someone else logged in!", logs out on the server, clears local storage and every cookie, and goes on', async () => {
    storeToken('old');
    getDeviceId();
    document.cookie = 'other=1; Path=/';
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    const afterClear = vi.fn(() => sessionStorage.setItem('notice', SOMEONE_ELSE_LOGGED_IN));
    await handleDeviceChanged('/Admin/login', afterClear);
    expect(browser.alert).toHaveBeenCalledWith('Someone else logged in!');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/logout',
      expect.objectContaining({ method: 'POST', headers: expect.objectContaining({ Authorization: 'Bearer old' }) }),
    );
    expect(localStorage.length).toBe(0);
    expect(document.cookie).toBe('');
    expect(afterClear).toHaveBeenCalled();
    expect(sessionStorage.getItem('notice')).toBe(SOMEONE_ELSE_LOGGED_IN);
    expect(browser.assign).toHaveBeenCalledWith('/Admin/login');
  });

  it('the socket event and a 401 together alert only once', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    await Promise.all([handleDeviceChanged('/'), handleDeviceChanged('/')]);
    expect(browser.alert).toHaveBeenCalledTimes(1);
    expect(browser.assign).toHaveBeenCalledTimes(1);
  });
});

describe('device reload (spec §4)', () => {
  it('fetches a fresh token with the current one, stores it (local storage and cookie, 180 days) and reloads', async () => {
    storeToken('current');
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { token: 'fresh' }));
    const cookie = vi.spyOn(document, 'cookie', 'set');
    await handleDeviceReload(vi.fn());
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/token/regenerate',
      expect.objectContaining({ method: 'POST', headers: expect.objectContaining({ Authorization: 'Bearer current' }) }),
    );
    expect(getToken()).toBe('fresh');
    expect(cookie).toHaveBeenCalledWith(expect.stringContaining(`token=fresh; Max-Age=${180 * 24 * 60 * 60}`));
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it('hands a refusal to the app and does not reload', async () => {
    storeToken('ended');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(401, { type: 'session-revoked', status: 401 }));
    const refused = vi.fn();
    await handleDeviceReload(refused);
    expect(refused).toHaveBeenCalledWith(expect.objectContaining({ status: 401 }));
    expect(getToken()).toBe('ended');
    expect(browser.reload).not.toHaveBeenCalled();
  });
});
