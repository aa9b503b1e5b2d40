import { describe, expect, it } from '@jest/globals';
import { S3DocumentStorage } from './s3-document-storage.js';

describe('S3 document storage', () => {
  it('without @aws-sdk/client-s3 installed, stops start-up with one sentence saying what to install', async () => {
    let installed = true;
    try {
      await import('@aws-sdk/client-s3' as string);
    } catch {
      installed = false;
    }
    if (installed) return;
    await expect(S3DocumentStorage.create({ bucket: 'b', region: 'us-east-1', prefix: '', forcePathStyle: false })).rejects.toThrow(
      /^STORAGE_S3_BUCKET is set but the package @aws-sdk\/client-s3 is not installed; install it .*\.$/,
    );
  });
});
