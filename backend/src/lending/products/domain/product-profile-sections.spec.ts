import { describe, expect, it } from '@jest/globals';
import { normalizedProfileSections, requiredProfileSections, requiredProfileSectionsProblems } from './product-profile-sections.js';

describe('the profile sections a product requires', () => {
  it('given a list of known sections, when checked, then nothing is wrong', () => {
    expect(requiredProfileSectionsProblems(['profile', 'bank']).all).toEqual([]);
    expect(requiredProfileSectionsProblems([]).all).toEqual([]);
    expect(requiredProfileSectionsProblems(null).all).toEqual([]);
  });

  it('given an unknown section name, when checked, then the field message names it and the seven allowed', () => {
    expect(requiredProfileSectionsProblems(['profile', 'passport', 'kyc']).all).toEqual([
      {
        name: 'requiredProfileSections',
        message:
          'requiredProfileSections may list only profile, address, bank, documents, employment, reference, selfie; unknown: passport, kyc',
      },
    ]);
  });

  it('given sections out of order and repeated, when stored, then each is kept once in the shown order', () => {
    expect(normalizedProfileSections(['selfie', 'bank', 'profile', 'bank'])).toEqual(['profile', 'bank', 'selfie']);
    expect(normalizedProfileSections(null)).toBeNull();
  });

  it('given a version with its own list, when submitting, then that list applies, even an empty one', () => {
    expect(requiredProfileSections(['profile', 'bank'], ['profile', 'address', 'selfie'])).toEqual(['profile', 'bank']);
    expect(requiredProfileSections([], ['profile'])).toEqual([]);
  });

  it('given a version without a list, when submitting, then the PROFILE_REQUIRED_SECTIONS setting applies', () => {
    expect(requiredProfileSections(null, ['profile', 'address'])).toEqual(['profile', 'address']);
    expect(requiredProfileSections(undefined, [])).toEqual([]);
  });
});
