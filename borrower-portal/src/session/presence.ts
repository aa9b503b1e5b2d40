import { io } from 'socket.io-client';

export type PresenceHandlers = {
  onDeviceChanged(): void;
  onDeviceReload(): void;
  onSessionEnded(reason: string): void;
};

/** The presence socket (docs/api.md "Presence WebSocket"); loaded only once someone is signed in. Returns disconnect. */
export function connectPresence(token: string, deviceId: string, handlers: PresenceHandlers): () => void {
  const socket = io({ path: '/socket.io', auth: { token, deviceId } });
  socket.on('device-changed', () => handlers.onDeviceChanged());
  socket.on('device-reload', () => handlers.onDeviceReload());
  // A mark set while this page was away arrives with the presence record on connect.
  socket.on('presence', (record: { userId?: string; device?: string } | undefined) => {
    if (record && record.userId === undefined && record.device === 'devicereload') handlers.onDeviceReload();
  });
  socket.on('session-ended', (data: { reason?: string } | undefined) => handlers.onSessionEnded(data?.reason ?? 'signed-out'));
  socket.on('connect_error', (error: Error & { data?: { type?: string } }) => {
    const type = error.data?.type;
    if (type === 'session-superseded') handlers.onDeviceChanged();
    else if (type === 'session-revoked' || type === 'unauthenticated' || type === 'account-disabled' || type === 'device-mismatch') handlers.onSessionEnded(type);
  });
  return () => {
    socket.removeAllListeners();
    socket.disconnect();
  };
}
