/** Tells a user's open pages about their session; the presence gateway delivers it over the WebSocket. */
export interface DeviceNotifier {
  /** Another device signed in: these sessions have ended. Their pages get `device-changed`. */
  deviceChanged(sessionIds: string[], deviceId: string): void;
  /** Staff asked the user's pages to fetch a fresh token and reload: `device-reload`. */
  deviceReload(userId: string): void;
  /** Sessions ended for another reason (sign-out, password reset, account disabled): `session-ended`. */
  sessionsEnded(sessionIds: string[], reason: string): void;
  /** Permissions changed (a role's, or a user's role): sockets whose user lost `users.view` leave the staff room. */
  staffAccessChanged(): Promise<void>;
}

export const DEVICE_NOTIFIER = Symbol('DEVICE_NOTIFIER');
