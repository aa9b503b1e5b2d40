import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { missingSections } from '../domain/profile-sections.js';
import { ProfileCompleteness } from '../public/profile-completeness.port.js';
import { ProfileSectionsRepository } from './profile-sections.repository.js';

@Injectable()
export class SectionsProfileCompleteness extends ProfileCompleteness {
  constructor(
    private readonly sections: ProfileSectionsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  async missingSections(borrowerId: string): Promise<string[]> {
    if (this.config.profileRequiredSections.length === 0) return [];
    const stored = await this.sections.all(borrowerId);
    return missingSections(this.config.profileRequiredSections, new Map(stored.map((s) => [s.section, s.status])));
  }
}
