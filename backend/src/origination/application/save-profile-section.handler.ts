import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BorrowerDirectory } from '../../identity/public/index.js';
import { BUSINESS_DATE, type BusinessDate } from '../../platform/business-date/business-date.port.js';
import { sectionInvalid } from '../domain/origination.errors.js';
import { sectionRuleProblems, type ProfileSection, type SectionInput } from '../domain/profile-sections.js';
import { ACCOUNT_NUMBER_BOX, type AccountNumberBox } from '../profiles/account-number-box.js';
import { CustomerDocumentsRepository } from '../profiles/customer-documents.repository.js';
import { ProfileSectionsRepository } from '../profiles/profile-sections.repository.js';
import { sectionView } from './profile-section.view.js';

export class SaveProfileSection<S extends ProfileSection = ProfileSection> {
  constructor(
    readonly actor: { id: string; role: 'borrower' },
    readonly section: S,
    /** Already in the section's format (SECTION_INPUT); the rules that need outside facts are checked here. */
    readonly input: SectionInput<S>,
  ) {}
}

/** Saves the borrower's own section after its rules; answers the section as it now reads. */
@CommandHandler(SaveProfileSection)
export class SaveProfileSectionHandler implements ICommandHandler<SaveProfileSection> {
  constructor(
    private readonly sections: ProfileSectionsRepository,
    private readonly documents: CustomerDocumentsRepository,
    private readonly borrowers: BorrowerDirectory,
    @Inject(BUSINESS_DATE) private readonly businessDate: BusinessDate,
    @Inject(ACCOUNT_NUMBER_BOX) private readonly box: AccountNumberBox,
  ) {}

  async execute({ actor, section, input }: SaveProfileSection) {
    const borrowerId = actor.id;
    const [borrower, documents, today] = await Promise.all([
      this.borrowers.profileOf(borrowerId),
      this.documents.list(borrowerId),
      this.businessDate.today(),
    ]);
    const problems = sectionRuleProblems(section, input, {
      today,
      ownPhone: borrower?.phone ?? null,
      documents: new Map(documents.map((d) => [d.id, d.kind])),
    });
    const data =
      section === 'bank' ? await this.bankData(borrowerId, input as SectionInput<'bank'>, problems) : (input as Record<string, unknown>);
    if (problems.length > 0) throw sectionInvalid(problems);
    await this.sections.save(borrowerId, section, data, actor);
    return sectionView(section, await this.sections.one(borrowerId, section), borrower);
  }

  /** The number sealed, its last four in clear; left out, the stored one is kept. */
  private async bankData(borrowerId: string, input: SectionInput<'bank'>, problems: { name: string; message: string }[]) {
    const { accountNumber, ...rest } = input;
    if (accountNumber)
      return { ...rest, accountNumberSealed: this.box.seal(borrowerId, accountNumber), accountLast4: accountNumber.slice(-4) };
    const stored = await this.sections.one(borrowerId, 'bank');
    if (!stored) problems.push({ name: 'accountNumber', message: 'is required: 9 to 18 digits' });
    return { ...rest, accountNumberSealed: stored?.data.accountNumberSealed, accountLast4: stored?.data.accountLast4 };
  }
}
