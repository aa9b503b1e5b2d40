import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { EmailSecrets } from '../../domain/email-secrets.js';

/**
 * Seals an email's secrets (AES-256-GCM) for the `email_secrets` table, with a key derived from JWT_SECRET, so a
 * copy of the database alone renders no working link. The email's id is bound in as associated data: a sealed value
 * copied onto another email row does not open. A value sealed under another JWT_SECRET does not open either
 * (`open` answers undefined, and the email fails with a clear message instead of being sent half-rendered).
 */
export class EmailSecretBox {
  private readonly key: Buffer;

  constructor(masterSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', masterSecret, 'lending/email-secrets', 'aes-256-gcm/v1', 32));
  }

  seal(emailId: string, secrets: EmailSecrets): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(emailId));
    const body = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  }

  open(emailId: string, sealed: string): EmailSecrets | undefined {
    const [version, iv, body, tag] = sealed.split('.');
    if (version !== 'v1' || !iv || body === undefined || !tag) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(emailId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const json = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      const value = JSON.parse(json) as unknown;
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
      return Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'string')) as EmailSecrets;
    } catch {
      return undefined;
    }
  }
}

export const EMAIL_SECRET_BOX = Symbol('EMAIL_SECRET_BOX');
