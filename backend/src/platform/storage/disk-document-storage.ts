import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { checkedKey, type DocumentStorage, type StoredDocument } from './document-storage.port.js';

/**
 * Adapter, with STORAGE=disk: each document is one file under `dir` (DATA_DIR/documents), for a single API process on
 * one machine. A file's name is the SHA-256 of its key (`ab/ab12…`), never the key itself, so no key can name a path
 * outside `dir`; keys are checked by the port's rule too. The file holds a header line (the key and the media type, as
 * JSON) then the bytes. Writes go to a temporary file beside it, flushed, then renamed over it, so a reader sees the
 * old document or the new one, never half of one. Files are 0600 and folders 0700: readable by the API's user only.
 */
export class DiskDocumentStorage implements DocumentStorage {
  constructor(private readonly dir: string) {}

  private fileOf(key: string): string {
    const name = createHash('sha256').update(checkedKey(key)).digest('hex');
    return path.join(this.dir, name.slice(0, 2), name);
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const file = this.fileOf(key);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const temporary = `${file}.${randomBytes(8).toString('hex')}.tmp`;
    const handle = await open(temporary, 'wx', 0o600);
    try {
      await handle.writeFile(Buffer.concat([Buffer.from(`${JSON.stringify({ key, contentType })}\n`), bytes]));
      await handle.sync();
    } catch (error) {
      await handle.close();
      await rm(temporary, { force: true });
      throw error;
    }
    await handle.close();
    try {
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredDocument | undefined> {
    let content: Buffer;
    try {
      content = await readFile(this.fileOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    const end = content.indexOf(0x0a);
    const header = JSON.parse(content.subarray(0, end).toString('utf8')) as { key: string; contentType: string };
    if (header.key !== key) return undefined;
    return { bytes: content.subarray(end + 1), contentType: header.contentType };
  }

  async delete(key: string): Promise<void> {
    await rm(this.fileOf(key), { force: true });
  }
}
