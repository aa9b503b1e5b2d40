import { Injectable } from '@nestjs/common';
import { missingSections } from '../domain/profile-sections.js';
import { ProfileCompleteness } from '../public/profile-completeness.port.js';
import { ProfileSectionsRepository } from './profile-sections.repository.js';

@Injectable()
export class SectionsProfileCompleteness extends ProfileCompleteness {
  constructor(private readonly sections: ProfileSectionsRepository) {
    super();
  }

  async missingSections(borrowerId: string, required: readonly string[]): Promise<string[]> {
    if (required.length === 0) return [];
    const stored = await this.sections.all(borrowerId);
    return missingSections(required, new Map(stored.map((s) => [s.section, s.status])));
  }
}
