/** Browser storage of the session (spec §3): `device_id` and `token` in local storage, `token` also as a cookie. */

export const TOKEN_COOKIE_DAYS = 180;
const DEVICE_KEY = 'device_id';
const TOKEN_KEY = 'token';

/** This browser's device id, generated once. */
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

/** Every cookie script can see, on this path and the root, expired. */
export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (!name) continue;
    for (const path of ['/', location.pathname]) document.cookie = `${name}=; Max-Age=0; Path=${path}`;
  }
}

/** Signed-out state: local storage (device id included) and cookies cleared. */
export function clearBrowserSession(): void {
  localStorage.clear();
  clearCookies();
}
