import type { CustomerDocument, CustomerSection } from '@lending/web-common/api';
import { formatDate } from '@lending/web-common/format';
import { formatPhone } from '@lending/web-common/phone';

/** The seven sections in the order the borrower's /User/Profile shows them, with the console's names. */
export const SECTION_LABELS: Record<CustomerSection['section'], string> = {
  profile: 'Profile',
  address: 'Address',
  bank: 'Bank account',
  employment: 'Employment',
  documents: 'Documents',
  reference: 'References',
  selfie: 'Selfie',
};

export const STATUS_LABELS: Record<CustomerSection['status'], string> = {
  missing: 'Missing',
  complete: 'Awaiting review',
  verified: 'Verified',
  rejected: 'Rejected',
};

/**
 * The verdicts a section offers (the server decides, backend/src/origination/domain/section-review.ts): verify a
 * complete one; reject a complete or a verified one. A missing section, or a rejected one the borrower has not saved
 * again, offers neither.
 */
export function sectionActions(status: CustomerSection['status'], canVerify: boolean): { verify: boolean; reject: boolean } {
  if (!canVerify) return { verify: false, reject: false };
  return { verify: status === 'complete', reject: status === 'complete' || status === 'verified' };
}

export type VerdictDraft = { status: 'verified' | 'rejected'; reason: string };

/** What the verdict dialog still needs, one message per field (empty: ready to send). */
export function verdictProblems(draft: VerdictDraft): Record<string, string> {
  if (draft.status === 'rejected' && draft.reason.trim() === '')
    return { reason: 'Say what the borrower must fix: they read it on their profile' };
  if (draft.reason.trim().length > 500) return { reason: 'At most 500 characters' };
  return {};
}

export const verdictBody = (draft: VerdictDraft) => ({
  status: draft.status,
  ...(draft.reason.trim() ? { reason: draft.reason.trim() } : {}),
});

const DOCUMENT_KIND_LABELS: Record<string, string> = {
  identityProof: 'Identity proof',
  addressProof: 'Address proof',
  salarySlip: 'Salary slip',
  bankStatement: 'Bank statement',
  selfie: 'Selfie',
};
export const documentKindLabel = (kind: string) => DOCUMENT_KIND_LABELS[kind] ?? kind;

type Line = { label: string; value: string };
type DocRef = { label: string; document: CustomerDocument | undefined; id: string };

/** As the borrower chose it on the form. */
const GENDERS: Record<string, string> = { female: 'Female', male: 'Male', other: 'Other', undisclosed: 'Prefer not to say' };
const text = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));
const address = (a: unknown) => {
  if (!a || typeof a !== 'object') return '—';
  const x = a as Record<string, unknown>;
  return (
    [x.line1, x.line2, x.city, x.state, x.pinCode].filter(Boolean).join(', ') +
    (x.yearsAtAddress !== undefined ? ` (${x.yearsAtAddress} years)` : '')
  );
};

/**
 * A section's answers as label/value lines, and the uploads it names (resolved among the customer's documents), so
 * staff read what they verify. `money` formats minor units.
 */
export function sectionContent(
  section: CustomerSection,
  documents: readonly CustomerDocument[],
  money: (minor: number) => string,
): { lines: Line[]; documents: DocRef[] } {
  const d = section.data;
  if (!d) return { lines: [], documents: [] };
  const ref = (label: string, id: unknown): DocRef => ({ label, id: String(id), document: documents.find((x) => x.id === id) });
  switch (section.section) {
    case 'profile':
      return {
        lines: [
          { label: 'Name', value: text(d.name) },
          { label: 'Date of birth', value: typeof d.dateOfBirth === 'string' ? formatDate(d.dateOfBirth) : '—' },
          { label: 'Gender', value: GENDERS[String(d.gender)] ?? text(d.gender) },
          { label: 'Marital status', value: text(d.maritalStatus) },
          { label: 'Email', value: text(d.email) },
          { label: 'Phone', value: typeof d.phone === 'string' ? formatPhone(d.phone) : '—' },
        ],
        documents: [],
      };
    case 'address':
      return {
        lines: [
          { label: 'Current', value: address(d.current) },
          { label: 'Permanent', value: address(d.permanent) },
        ],
        documents: [],
      };
    case 'bank':
      return {
        lines: [
          { label: 'Holder', value: text(d.holderName) },
          { label: 'Account', value: text(d.accountNumber) },
          { label: 'IFSC', value: text(d.ifsc) },
          { label: 'Type', value: text(d.accountType) },
        ],
        documents: [],
      };
    case 'employment':
      return {
        lines: [
          { label: 'Employer', value: text(d.employer) },
          { label: 'Type', value: d.employmentType === 'selfEmployed' ? 'Self-employed' : text(d.employmentType) },
          { label: 'Monthly net income', value: typeof d.monthlyNetIncome === 'number' ? money(d.monthlyNetIncome) : '—' },
          { label: 'Pay day', value: text(d.payDayOfMonth) },
        ],
        documents: [],
      };
    case 'documents':
      return {
        lines: [
          { label: 'PAN', value: text(d.pan) },
          { label: 'Aadhaar (last 4)', value: text(d.aadhaarLast4) },
        ],
        documents: [
          ref('Identity proof', d.identityProofId),
          ref('Address proof', d.addressProofId),
          ...(Array.isArray(d.incomeProofIds) ? d.incomeProofIds.map((id, i) => ref(`Income proof ${i + 1}`, id)) : []),
        ],
      };
    case 'reference':
      return {
        lines: (Array.isArray(d.references) ? d.references : []).map((r: Record<string, unknown>, i: number) => ({
          label: `Reference ${i + 1}`,
          value: `${text(r.name)} (${text(r.relation)}), ${typeof r.phone === 'string' ? formatPhone(r.phone) : '—'}`,
        })),
        documents: [],
      };
    case 'selfie':
      return { lines: [], documents: [ref('Selfie', d.documentId)] };
  }
}
