import type { BorrowerProfile } from '../../identity/public/index.js';
import { maskedAccount, PROFILE_SECTIONS, type ProfileSection, type SectionStatus } from '../domain/profile-sections.js';
import type { StoredSection } from '../profiles/profile-sections.repository.js';

export type SectionView = {
  section: ProfileSection;
  status: SectionStatus;
  reason: string | null;
  updatedAt: string | null;
  reviewedAt: string | null;
  data: Record<string, unknown> | null;
};

/**
 * A section as the borrower and staff see it, built from an allow-list per section: the bank account masked (its
 * sealed number never leaves), the Profile section with the name, email and phone identity keeps.
 */
export function sectionView(
  section: ProfileSection,
  stored: StoredSection | undefined,
  borrower: BorrowerProfile | undefined,
): SectionView {
  const base = {
    section,
    status: stored?.status ?? 'missing',
    reason: stored?.reason ?? null,
    updatedAt: stored?.updatedAt.toISOString() ?? null,
    reviewedAt: stored?.reviewedAt?.toISOString() ?? null,
  } as const;
  const d = stored?.data;
  switch (section) {
    case 'profile':
      return {
        ...base,
        data: {
          name: borrower?.name ?? null,
          email: borrower?.email ?? null,
          phone: borrower?.phone ?? null,
          dateOfBirth: d?.dateOfBirth ?? null,
          gender: d?.gender ?? null,
          maritalStatus: d?.maritalStatus ?? null,
        },
      };
    case 'bank':
      return d
        ? {
            ...base,
            data: {
              holderName: d.holderName,
              accountNumber: maskedAccount(String(d.accountLast4)),
              accountLast4: d.accountLast4,
              ifsc: d.ifsc,
              accountType: d.accountType,
            },
          }
        : { ...base, data: null };
    case 'address':
      return { ...base, data: d ? { current: d.current, permanent: d.permanent } : null };
    case 'documents':
      return {
        ...base,
        data: d
          ? {
              pan: d.pan,
              aadhaarLast4: d.aadhaarLast4,
              identityProofId: d.identityProofId,
              addressProofId: d.addressProofId,
              incomeProofIds: d.incomeProofIds,
            }
          : null,
      };
    case 'employment':
      return {
        ...base,
        data: d
          ? { employer: d.employer, employmentType: d.employmentType, monthlyNetIncome: d.monthlyNetIncome, payDayOfMonth: d.payDayOfMonth }
          : null,
      };
    case 'reference':
      return { ...base, data: d ? { references: d.references } : null };
    case 'selfie':
      return { ...base, data: d ? { documentId: d.documentId } : null };
  }
}

export const allSectionViews = (stored: StoredSection[], borrower: BorrowerProfile | undefined) =>
  PROFILE_SECTIONS.map((s) =>
    sectionView(
      s,
      stored.find((x) => x.section === s),
      borrower,
    ),
  );
