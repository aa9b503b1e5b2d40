/**
 * The console's own part of the session: why the user was signed out, shown once on the login page (a toast would
 * be lost in the redirect). The device id and the token are kept by @lending/web-common/session.
 */
const NOTICE_KEY = 'admin.signed-out-notice';

export function setSignedOutNotice(message: string): void {
  sessionStorage.setItem(NOTICE_KEY, message);
}

export function takeSignedOutNotice(): string | null {
  const message = sessionStorage.getItem(NOTICE_KEY);
  sessionStorage.removeItem(NOTICE_KEY);
  return message;
}
