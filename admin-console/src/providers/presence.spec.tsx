import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPERSEDED_MESSAGE } from './authProvider';
import { usePresence, usePresenceConnected } from './presence';
import { getToken, setToken, takeSignedOutNotice } from './session';

type Handler = (...args: unknown[]) => void;
const sockets: { options: unknown; handlers: Map<string, Handler>; disconnect: ReturnType<typeof vi.fn> }[] = [];

vi.mock('socket.io-client', () => ({
  io: (options: unknown) => {
    const socket = { options, handlers: new Map<string, Handler>(), disconnect: vi.fn(), on: (event: string, handler: Handler) => socket.handlers.set(event, handler) };
    sockets.push(socket);
    return socket;
  },
}));

function Probe() {
  usePresence();
  return <p data-testid="state">{usePresenceConnected() ? 'online' : 'offline'}</p>;
}

async function connect() {
  render(<Probe />);
  await vi.waitFor(() => expect(sockets).toHaveLength(1));
  return sockets[0];
}

describe('presence socket', () => {
  const assign = vi.fn();
  const reload = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    sockets.length = 0;
    setToken('tok-1');
    vi.stubGlobal('alert', vi.fn());
    vi.stubGlobal('location', { ...window.location, assign, reload });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    assign.mockReset();
    reload.mockReset();
  });

  it('connects with the token and this device’s id and shows when it is online', async () => {
    const socket = await connect();
    expect(socket.options).toEqual(expect.objectContaining({ path: '/socket.io', auth: { token: 'tok-1', deviceId: localStorage.getItem('device_id') } }));
    expect(screen.getByTestId('state')).toHaveTextContent('offline');
    act(() => socket.handlers.get('connect')!());
    expect(screen.getByTestId('state')).toHaveTextContent('online');
  });

  it('on device-changed: alerts "Someone else logged in!", forgets the token and goes to the login page', async () => {
    const socket = await connect();
    act(() => socket.handlers.get('device-changed')!({ device: 'other' }));
    expect(window.alert).toHaveBeenCalledWith(SUPERSEDED_MESSAGE);
    expect(getToken()).toBeNull();
    expect(takeSignedOutNotice()).toBe(SUPERSEDED_MESSAGE);
    expect(assign).toHaveBeenCalledWith(`${import.meta.env.BASE_URL}login`);
  });

  it('on device-reload: stores a fresh token from /api/token/regenerate, then reloads', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ token: 'tok-2' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const socket = await connect();
    await act(async () => socket.handlers.get('device-reload')!({ device: 'devicereload' }));
    await vi.waitFor(() => expect(reload).toHaveBeenCalled());
    expect(fetch).toHaveBeenCalledWith('/api/token/regenerate', expect.objectContaining({ method: 'POST', headers: expect.objectContaining({ Authorization: 'Bearer tok-1' }) }));
    expect(getToken()).toBe('tok-2');
  });

  it('a handshake refused for a superseded session signs out like the event would', async () => {
    const socket = await connect();
    act(() => socket.handlers.get('connect_error')!(Object.assign(new Error('refused'), { data: { type: 'session-superseded', status: 401 } })));
    expect(socket.disconnect).toHaveBeenCalled();
    expect(window.alert).toHaveBeenCalledWith(SUPERSEDED_MESSAGE);
    expect(getToken()).toBeNull();
  });

  it('a connection error that is not a refusal keeps the session (socket.io retries)', async () => {
    const socket = await connect();
    act(() => socket.handlers.get('connect_error')!(new Error('xhr poll error')));
    expect(getToken()).toBe('tok-1');
    expect(assign).not.toHaveBeenCalled();
  });
});
