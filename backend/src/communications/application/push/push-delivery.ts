export const PUSH_QUEUE = 'push';
export const SEND_PUSH_JOB = 'push.send';

export type SendPushData = { pushId: string };

/** BullMQ attempts per push (the first try included) and the first retry's wait (then doubling). */
export const PUSH_ATTEMPTS = 5;
export const PUSH_BACKOFF_MS = 2000;
