/**
 * The console's own part of the session: why the user was signed out, shown on the login page until the next
 * sign-in (a toast would be lost in the redirect). Kept, not taken, when the login page reads it: a sign-out can
 * reach that page twice (the SPA's redirect, then the presence socket's full reload), and the second must still
 * say why. The device id and the token are kept by @lending/web-common/session.
 */
const NOTICE_KEY = 'admin.signed-out-notice';

export function setSignedOutNotice(message: string): void {
  sessionStorage.setItem(NOTICE_KEY, message);
}

export function signedOutNotice(): string | null {
  return sessionStorage.getItem(NOTICE_KEY);
}

/** At sign-in: the reason for the previous sign-out is old news. */
export function forgetSignedOutNotice(): void {
  sessionStorage.removeItem(NOTICE_KEY);
}
