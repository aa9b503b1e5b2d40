import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BorrowerDirectory } from '../../identity/public/index.js';
import { customerNotFound, reviewRefused } from '../domain/origination.errors.js';
import type { ProfileSection } from '../domain/profile-sections.js';
import { reviewRefusal, type SectionVerdict } from '../domain/section-review.js';
import { ProfileSectionsRepository } from '../profiles/profile-sections.repository.js';
import { sectionView } from './profile-section.view.js';

export class ReviewProfileSection {
  constructor(
    readonly actor: { id: string; role: string },
    readonly borrowerId: string,
    readonly section: ProfileSection,
    readonly verdict: SectionVerdict,
  ) {}
}

/** Staff mark a customer's section verified or rejected (audited who, when, from, to, why); answers the section. */
@CommandHandler(ReviewProfileSection)
export class ReviewProfileSectionHandler implements ICommandHandler<ReviewProfileSection> {
  constructor(
    private readonly sections: ProfileSectionsRepository,
    private readonly borrowers: BorrowerDirectory,
  ) {}

  async execute({ actor, borrowerId, section, verdict }: ReviewProfileSection) {
    const borrower = await this.borrowers.profileOf(borrowerId);
    if (!borrower) throw customerNotFound(borrowerId);
    const reason = verdict.reason?.trim() || null;
    await this.sections.review(borrowerId, section, { status: verdict.status, reason }, actor, (current) => {
      const refusal = reviewRefusal(current, { status: verdict.status, reason });
      return refusal && reviewRefused(refusal, section);
    });
    return sectionView(section, await this.sections.one(borrowerId, section), borrower);
  }
}
