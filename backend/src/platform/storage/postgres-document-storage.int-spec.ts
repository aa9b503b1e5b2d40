import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createMigratedTestDatabase } from '../../../test/support/test-database.js';
import { PostgresDocumentStorage } from './postgres-document-storage.js';

let database: Awaited<ReturnType<typeof createMigratedTestDatabase>>;
let storage: PostgresDocumentStorage;

beforeAll(async () => {
  database = await createMigratedTestDatabase('document_storage');
  storage = new PostgresDocumentStorage(database.db);
});

afterAll(async () => {
  await database?.close();
});

describe('PostgreSQL document storage', () => {
  it('stores, replaces, reads and deletes bytes by key, exactly', async () => {
    const bytes = Buffer.from([0, 1, 2, 255, 37, 80, 68, 70]);
    await storage.put('uploads/a/b.bin', bytes, 'application/octet-stream');
    expect(await storage.get('uploads/a/b.bin')).toEqual({ bytes, contentType: 'application/octet-stream' });
    await storage.put('uploads/a/b.bin', Buffer.from('%PDF'), 'application/pdf');
    expect(await storage.get('uploads/a/b.bin')).toEqual({ bytes: Buffer.from('%PDF'), contentType: 'application/pdf' });
    await storage.delete('uploads/a/b.bin');
    await storage.delete('uploads/a/b.bin');
    expect(await storage.get('uploads/a/b.bin')).toBeUndefined();
  });

  it('refuses keys that could leave their folder', async () => {
    for (const key of ['../x', 'a/../b', '/abs', 'a//b', 'a/./b', '', 'a b', 'a\\b']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(RangeError);
    }
  });
});
