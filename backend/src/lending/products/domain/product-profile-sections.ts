import { FieldProblems } from '../../loan/domain/loan-input.validation.js';

/** The seven profile sections a product may require before an application is submitted, in the order they are shown. */
export const PRODUCT_PROFILE_SECTIONS = ['profile', 'address', 'bank', 'documents', 'employment', 'reference', 'selfie'] as const;
export type ProductProfileSection = (typeof PRODUCT_PROFILE_SECTIONS)[number];

const isSection = (name: string): name is ProductProfileSection => (PRODUCT_PROFILE_SECTIONS as readonly string[]).includes(name);

/** A product's list of required sections: each must be one of the seven (a name given twice counts once). */
export function requiredProfileSectionsProblems(sections: readonly string[] | null): FieldProblems {
  const problems = new FieldProblems();
  const unknown = (sections ?? []).filter((name) => !isSection(name));
  if (unknown.length > 0) {
    problems.add(
      'requiredProfileSections',
      `requiredProfileSections may list only ${PRODUCT_PROFILE_SECTIONS.join(', ')}; unknown: ${unknown.join(', ')}`,
    );
  }
  return problems;
}

/** The list as stored: each section once, in the order of PRODUCT_PROFILE_SECTIONS; null stays null (the setting). */
export function normalizedProfileSections(sections: readonly string[] | null): ProductProfileSection[] | null {
  return sections === null ? null : PRODUCT_PROFILE_SECTIONS.filter((name) => sections.includes(name));
}

/**
 * The sections a borrower must complete to submit under a product version: its own list, or, for a version that has
 * none (made before products carried the list, or created without it), the deployment's PROFILE_REQUIRED_SECTIONS.
 */
export function requiredProfileSections(versionSections: readonly string[] | null | undefined, setting: readonly string[]): string[] {
  return [...(versionSections ?? setting)];
}
