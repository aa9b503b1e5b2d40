/** A stored document: its bytes and the media type it was stored with. */
export type StoredDocument = { bytes: Buffer; contentType: string };

/**
 * Port: documents (agreement PDFs, uploads) by key. Keys are paths chosen by the caller (`agreements/<loan>/<sha>.pdf`),
 * at most 1024 characters of letters, digits and `/ . _ -`. `put` on an existing key replaces it; `get` of a missing
 * key is `undefined`; `delete` of a missing key does nothing. Adapters beside it; platform.module.ts picks one.
 */
export interface DocumentStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredDocument | undefined>;
  delete(key: string): Promise<void>;
}

export const DOCUMENT_STORAGE = Symbol('DOCUMENT_STORAGE');

const KEY = /^[A-Za-z0-9][A-Za-z0-9/._-]{0,1023}$/;

/** Refuses a key that could escape a folder or a bucket prefix; every adapter calls it. */
export function checkedKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new RangeError(`Not a document key: ${JSON.stringify(key)}`);
  }
  return key;
}
