/** One notification addressed to one device's FCM registration token. */
export type OutgoingPush = { token: string; title: string; body: string; link: string | null };

/**
 * What became of it: accepted by FCM (`sent`, with its message id), only recorded (`logged`), or refused because the
 * token is no longer registered (`unregistered`: the app was uninstalled, the permission revoked, the token expired),
 * after which the registration is removed, or refused for the message itself (`rejected`: a payload error, which no
 * retry mends): the push is recorded `failed` and the registration is kept.
 */
export type PushOutcome =
  | { status: 'sent'; messageId: string }
  | { status: 'logged' }
  | { status: 'unregistered'; reason: string }
  | { status: 'rejected'; reason: string };

/**
 * Port: hands one push to the outside world. Throws when delivery failed and may succeed later (the job records the
 * error and the queue retries). Adapters beside it; communications.module.ts picks one.
 */
export interface PushSender {
  send(push: OutgoingPush): Promise<PushOutcome>;
}

export const PUSH_SENDER = Symbol('PUSH_SENDER');
