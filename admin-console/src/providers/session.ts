/** What the browser keeps between visits (spec §3): a device id generated once, and the bearer token. */
const DEVICE_KEY = 'device_id';
const TOKEN_KEY = 'token';
const NOTICE_KEY = 'admin.signed-out-notice';

export function deviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}

export const getToken = (): string | null => localStorage.getItem(TOKEN_KEY);
export const setToken = (token: string): void => localStorage.setItem(TOKEN_KEY, token);
export const clearToken = (): void => localStorage.removeItem(TOKEN_KEY);

/** Why the user was signed out, shown once on the login page (a toast would be lost in the redirect). */
export function setSignedOutNotice(message: string): void {
  sessionStorage.setItem(NOTICE_KEY, message);
}

export function takeSignedOutNotice(): string | null {
  const message = sessionStorage.getItem(NOTICE_KEY);
  sessionStorage.removeItem(NOTICE_KEY);
  return message;
}
