import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { BorrowerDirectory } from '../../identity/public/index.js';
import type { ProfileSection } from '../domain/profile-sections.js';
import { ProfileSectionsRepository } from '../profiles/profile-sections.repository.js';
import { allSectionViews, sectionView } from './profile-section.view.js';

/** Every section of a borrower's profile (one section when `section` is named), with its status. */
export class GetProfileSectionsQuery {
  constructor(
    readonly borrowerId: string,
    readonly section?: ProfileSection,
  ) {}
}

@QueryHandler(GetProfileSectionsQuery)
export class GetProfileSectionsHandler implements IQueryHandler<GetProfileSectionsQuery> {
  constructor(
    private readonly sections: ProfileSectionsRepository,
    private readonly borrowers: BorrowerDirectory,
  ) {}

  async execute({ borrowerId, section }: GetProfileSectionsQuery) {
    const [stored, borrower] = await Promise.all([this.sections.all(borrowerId), this.borrowers.profileOf(borrowerId)]);
    if (section)
      return sectionView(
        section,
        stored.find((s) => s.section === section),
        borrower,
      );
    return allSectionViews(stored, borrower);
  }
}
