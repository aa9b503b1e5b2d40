import { checkedKey, type DocumentStorage, type StoredDocument } from './document-storage.port.js';

/** STORAGE_S3_*: any S3-compatible service (AWS S3, MinIO, Cloudflare R2, ...). */
export type S3StorageSettings = {
  bucket: string;
  region: string;
  /** For services other than AWS, e.g. http://127.0.0.1:9000 for MinIO. */
  endpoint?: string;
  /** Keys go under this prefix (e.g. `lending/`), so one bucket can serve several environments. */
  prefix: string;
  forcePathStyle: boolean;
  /** Without them the SDK's default chain applies (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

// @aws-sdk/client-s3 is an optional dependency: typed loosely here so the build needs it only where S3 is configured.
type S3Module = {
  S3Client: new (config: Record<string, unknown>) => { send(command: unknown): Promise<Record<string, unknown>>; destroy(): void };
  PutObjectCommand: new (input: Record<string, unknown>) => unknown;
  GetObjectCommand: new (input: Record<string, unknown>) => unknown;
  DeleteObjectCommand: new (input: Record<string, unknown>) => unknown;
};

const S3_PACKAGE = '@aws-sdk/client-s3';

/** Loads the SDK, or stops start-up with one sentence when STORAGE_S3_BUCKET is set and the package is absent. */
async function loadS3(): Promise<S3Module> {
  try {
    return (await import(S3_PACKAGE)) as S3Module;
  } catch {
    throw new Error(
      `STORAGE_S3_BUCKET is set but the package ${S3_PACKAGE} is not installed; install it (npm install ${S3_PACKAGE}@3.1169.0 -w backend) or unset STORAGE_S3_BUCKET to keep documents in PostgreSQL.`,
    );
  }
}

/** Adapter: documents as objects in an S3-compatible bucket, through @aws-sdk/client-s3. */
export class S3DocumentStorage implements DocumentStorage {
  private constructor(
    private readonly s3: S3Module,
    private readonly client: InstanceType<S3Module['S3Client']>,
    private readonly settings: S3StorageSettings,
  ) {}

  static async create(settings: S3StorageSettings): Promise<S3DocumentStorage> {
    const s3 = await loadS3();
    const client = new s3.S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
    });
    return new S3DocumentStorage(s3, client, settings);
  }

  private object(key: string) {
    return { Bucket: this.settings.bucket, Key: `${this.settings.prefix}${checkedKey(key)}` };
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(new this.s3.PutObjectCommand({ ...this.object(key), Body: bytes, ContentType: contentType }));
  }

  async get(key: string): Promise<StoredDocument | undefined> {
    try {
      const answer = await this.client.send(new this.s3.GetObjectCommand(this.object(key)));
      const body = answer.Body as { transformToByteArray(): Promise<Uint8Array> };
      return {
        bytes: Buffer.from(await body.transformToByteArray()),
        contentType: String(answer.ContentType ?? 'application/octet-stream'),
      };
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new this.s3.DeleteObjectCommand(this.object(key)));
  }

  onApplicationShutdown(): void {
    this.client.destroy();
  }
}
