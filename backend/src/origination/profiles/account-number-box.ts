import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Bank account numbers are encrypted at rest (AES-256-GCM, key derived from JWT_SECRET); the borrower id is bound in
 * as associated data, so a sealed number copied onto another borrower's row does not open. Only the last four digits
 * are stored in clear, for the masked view.
 */
export class AccountNumberBox {
  private readonly key: Buffer;

  constructor(masterSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', masterSecret, 'lending/bank-accounts', 'aes-256-gcm/v1', 32));
  }

  seal(borrowerId: string, accountNumber: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(borrowerId));
    const body = Buffer.concat([cipher.update(accountNumber, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  }

  open(borrowerId: string, sealed: string): string | undefined {
    const [version, iv, body, tag] = sealed.split('.');
    if (version !== 'v1' || !iv || body === undefined || !tag) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(borrowerId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}

export const ACCOUNT_NUMBER_BOX = Symbol('ACCOUNT_NUMBER_BOX');
