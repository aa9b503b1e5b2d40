import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DiskDocumentStorage } from './disk-document-storage.js';

let root: string;
let dir: string;
let storage: DiskDocumentStorage;

/** Every file under a folder, as paths relative to it. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(folder, path.join(e.parentPath, e.name)));
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'disk-storage-'));
  dir = path.join(root, 'data', 'documents');
  storage = new DiskDocumentStorage(dir);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('disk document storage', () => {
  it('stores, replaces, reads and deletes bytes by key, exactly, in owner-only files named for the key', async () => {
    const bytes = Buffer.from([0, 1, 2, 255, 10, 37, 80, 68, 70]);
    await storage.put('uploads/a/b.bin', bytes, 'application/octet-stream');
    expect(await storage.get('uploads/a/b.bin')).toEqual({ bytes, contentType: 'application/octet-stream' });
    await storage.put('uploads/a/b.bin', Buffer.from('%PDF'), 'application/pdf');
    expect(await storage.get('uploads/a/b.bin')).toEqual({ bytes: Buffer.from('%PDF'), contentType: 'application/pdf' });

    // One file, no temporary left behind, named by a hash (not the key), readable and writable by the owner only.
    const files = await filesUnder(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{64}$/);
    expect((await stat(path.join(dir, files[0]))).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(path.join(dir, files[0])))).mode & 0o777).toBe(0o700);

    await storage.delete('uploads/a/b.bin');
    await storage.delete('uploads/a/b.bin');
    expect(await storage.get('uploads/a/b.bin')).toBeUndefined();
    expect(await filesUnder(dir)).toEqual([]);
  });

  it('answers undefined for a key never stored', async () => {
    expect(await storage.get('agreements/none/missing.pdf')).toBeUndefined();
  });

  it('refuses keys that could leave their folder, and writes nothing outside it', async () => {
    for (const key of ['../x', '../../etc/passwd', 'a/../b', '/abs', 'a//b', 'a/./b', '', 'a b', 'a\\b']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(RangeError);
      await expect(storage.get(key)).rejects.toThrow(RangeError);
      await expect(storage.delete(key)).rejects.toThrow(RangeError);
    }
    expect(await filesUnder(root)).toEqual([]);
  });
});
