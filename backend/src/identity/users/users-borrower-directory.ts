import { Inject, Injectable } from '@nestjs/common';
import { DB, type Db } from '../../platform/database/database.js';
import {
  BorrowerDirectory,
  type BorrowerProfile,
  type BorrowerProfileListener,
  type EmailVerifiedListener,
} from '../public/borrower-directory.port.js';
import { BorrowerProfileFeed } from './borrower-profile-feed.js';

/** BorrowerDirectory over identity's `users` table. */
@Injectable()
export class UsersBorrowerDirectory extends BorrowerDirectory {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly feed: BorrowerProfileFeed,
  ) {
    super();
  }

  async profileOf(borrowerId: string): Promise<BorrowerProfile | undefined> {
    return (await this.profilesOf([borrowerId]))[0];
  }

  async verifiedEmailOf(borrowerId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select('email')
      .where('role', '=', 'borrower')
      .where('id', '=', borrowerId)
      .where('email_verified_at', 'is not', null)
      .executeTakeFirst();
    return row?.email;
  }

  async profilesOf(borrowerIds: readonly string[]): Promise<BorrowerProfile[]> {
    if (borrowerIds.length === 0) return [];
    return this.db
      .selectFrom('users')
      .select(['id', 'name', 'email', 'phone'])
      .where('role', '=', 'borrower')
      .where('id', 'in', [...borrowerIds])
      .execute();
  }

  async findByContact({ phone, email }: { phone: string | null; email: string | null }): Promise<BorrowerProfile[]> {
    if (!phone && !email) return [];
    return this.db
      .selectFrom('users')
      .select(['id', 'name', 'email', 'phone'])
      .where('role', '=', 'borrower')
      .where((eb) =>
        eb.or([
          ...(phone
            ? [
                eb('phone', '=', phone),
                eb(
                  'id',
                  'in',
                  eb
                    .selectFrom('phone_collisions')
                    .select('user_id')
                    .where('normalized_phone', '=', phone)
                    .where('resolved_at', 'is', null),
                ),
              ]
            : []),
          ...(email ? [eb(eb.fn('lower', ['email']), '=', email.toLowerCase())] : []),
        ]),
      )
      .orderBy('created_at')
      .limit(5)
      .execute();
  }

  onProfileWritten(listener: BorrowerProfileListener): void {
    this.feed.subscribe(listener);
  }

  onEmailVerified(listener: EmailVerifiedListener): void {
    this.feed.subscribeEmailVerified(listener);
  }
}
