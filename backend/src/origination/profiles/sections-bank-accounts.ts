import { Inject, Injectable } from '@nestjs/common';
import { BankAccounts, type BankSectionOnFile } from '../public/bank-accounts.port.js';
import { ACCOUNT_NUMBER_BOX, type AccountNumberBox } from './account-number-box.js';
import { ProfileSectionsRepository } from './profile-sections.repository.js';

/** BankAccounts over `profile_sections`: the number opened with the borrower id it was sealed for. */
@Injectable()
export class SectionsBankAccounts extends BankAccounts {
  constructor(
    private readonly sections: ProfileSectionsRepository,
    @Inject(ACCOUNT_NUMBER_BOX) private readonly box: AccountNumberBox,
  ) {
    super();
  }

  async bankSectionOf(borrowerId: string): Promise<BankSectionOnFile> {
    const stored = await this.sections.one(borrowerId, 'bank');
    if (!stored) return { status: 'missing' };
    if (stored.status === 'rejected') return { status: 'rejected', reason: stored.reason };
    const d = stored.data;
    const sealed = typeof d.accountNumberSealed === 'string' ? d.accountNumberSealed : undefined;
    return {
      status: stored.status,
      holderName: String(d.holderName),
      accountLast4: String(d.accountLast4),
      ifsc: String(d.ifsc),
      accountType: String(d.accountType),
      accountNumber: sealed ? this.box.open(borrowerId, sealed) : undefined,
    };
  }
}
