import { Injectable } from '@nestjs/common';
import type { BorrowerProfile, BorrowerProfileListener, EmailVerifiedListener } from '../public/borrower-directory.port.js';
import type { UserRecord } from './user.record.js';

export const borrowerProfileOf = (user: Pick<UserRecord, 'id' | 'name' | 'email' | 'phone'>): BorrowerProfile => ({
  id: user.id,
  name: user.name,
  email: user.email,
  phone: user.phone,
});

/**
 * Hands every borrower profile that UsersRepository writes to the listeners other contexts registered through
 * BorrowerDirectory.onProfileWritten, and every email it marks verified to those of onEmailVerified. In process and awaited: the write's request answers after the listeners ran.
 */
@Injectable()
export class BorrowerProfileFeed {
  private readonly listeners: BorrowerProfileListener[] = [];
  private readonly verifiedListeners: EmailVerifiedListener[] = [];

  subscribe(listener: BorrowerProfileListener): void {
    this.listeners.push(listener);
  }

  subscribeEmailVerified(listener: EmailVerifiedListener): void {
    this.verifiedListeners.push(listener);
  }

  async emailVerified(userId: string, email: string): Promise<void> {
    for (const listener of this.verifiedListeners) await listener({ userId, email });
  }

  async written(user: UserRecord): Promise<void> {
    if (user.role !== 'borrower') return;
    for (const listener of this.listeners) await listener(borrowerProfileOf(user));
  }
}
