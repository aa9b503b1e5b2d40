import { Injectable } from '@nestjs/common';
import type { BorrowerProfile, BorrowerProfileListener } from '../public/borrower-directory.port.js';
import type { UserRecord } from './user.record.js';

export const borrowerProfileOf = (user: Pick<UserRecord, 'id' | 'name' | 'email' | 'phone'>): BorrowerProfile => ({
  id: user.id,
  name: user.name,
  email: user.email,
  phone: user.phone,
});

/**
 * Hands every borrower profile that UsersRepository writes to the listeners other contexts registered through
 * BorrowerDirectory.onProfileWritten. In process and awaited: the write's request answers after the listeners ran.
 */
@Injectable()
export class BorrowerProfileFeed {
  private readonly listeners: BorrowerProfileListener[] = [];

  subscribe(listener: BorrowerProfileListener): void {
    this.listeners.push(listener);
  }

  async written(user: UserRecord): Promise<void> {
    if (user.role !== 'borrower') return;
    for (const listener of this.listeners) await listener(borrowerProfileOf(user));
  }
}
