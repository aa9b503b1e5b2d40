/**
 * Browser storage of the session (spec §3): `device_id` and `token` in local storage, `token` also as a cookie
 * for 180 days (spec §9). Both apps keep their session here.
 */

export const TOKEN_COOKIE_DAYS = 180;
const DEVICE_KEY = 'device_id';
const TOKEN_KEY = 'token';

/** This browser's device id, generated once (the server binds sessions to devices). */
export function getDeviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

/** Local storage and the `token` cookie for 180 days (the server also sets an HttpOnly cookie of that name). */
export function storeToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${TOKEN_KEY}=${encodeURIComponent(token)}; Max-Age=${TOKEN_COOKIE_DAYS * 24 * 60 * 60}; Path=/; SameSite=Lax${secure}`;
}

/** Signing out on this device: the token goes (local storage and our cookie), the device id stays. */
export function forgetToken(): void {
  localStorage.removeItem(TOKEN_KEY);
  document.cookie = `${TOKEN_KEY}=; Max-Age=0; Path=/`;
}

/** Every cookie script can see, on this path and the root, expired. */
export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (!name) continue;
    for (const path of new Set(['/', location.pathname])) document.cookie = `${name}=; Max-Age=0; Path=${path}`;
  }
}

/** What a device takeover leaves (spec §4): local storage (device id included) and every cookie cleared. */
export function clearBrowserSession(): void {
  localStorage.clear();
  clearCookies();
}
