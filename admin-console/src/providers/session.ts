/**
 * The console's own part of the session: why the user was signed out, shown once on the login page (a toast would
 * be lost in the redirect). The device id and the token are kept by @lending/web-common/session.
 */
const NOTICE_KEY = 'admin.signed-out-notice';

export function setSignedOutNotice(message: string): void {
  sessionStorage.setItem(NOTICE_KEY, message);
}

/** The notice, left in place: a render may be discarded and run again (a router transition), so read it there. */
export function peekSignedOutNotice(): string | null {
  return sessionStorage.getItem(NOTICE_KEY);
}

/** Forgets the notice once shown (from an effect, after the login page committed). */
export function forgetSignedOutNotice(): void {
  sessionStorage.removeItem(NOTICE_KEY);
}
