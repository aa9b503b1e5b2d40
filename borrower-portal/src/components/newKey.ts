/** A fresh Idempotency-Key per intended action (docs/api.md): a retry of the same action reuses it. */
export const newKey = () => crypto.randomUUID();
