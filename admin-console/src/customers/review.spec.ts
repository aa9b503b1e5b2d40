import { describe, expect, it } from 'vitest';
import type { CustomerSection } from '@lending/web-common/api';
import { sectionActions, sectionContent, verdictBody, verdictProblems } from './review';

const section = (s: Partial<CustomerSection>): CustomerSection => ({
  section: 'documents',
  status: 'complete',
  reason: null,
  updatedAt: null,
  reviewedAt: null,
  reviewedBy: null,
  data: null,
  ...s,
});

describe('the verdicts a section offers', () => {
  it('a complete section may be verified or rejected; a verified one only rejected', () => {
    expect(sectionActions('complete', true)).toEqual({ verify: true, reject: true });
    expect(sectionActions('verified', true)).toEqual({ verify: false, reject: true });
  });
  it('a missing section, or a rejected one not saved again, offers nothing; nor does anything without customers.verify', () => {
    expect(sectionActions('missing', true)).toEqual({ verify: false, reject: false });
    expect(sectionActions('rejected', true)).toEqual({ verify: false, reject: false });
    expect(sectionActions('complete', false)).toEqual({ verify: false, reject: false });
  });
});

describe('the verdict dialog', () => {
  it('a rejection needs a reason; a verification does not', () => {
    expect(verdictProblems({ status: 'rejected', reason: '  ' })).toEqual({ reason: expect.stringMatching(/fix/) });
    expect(verdictProblems({ status: 'verified', reason: '' })).toEqual({});
    expect(verdictProblems({ status: 'rejected', reason: 'x'.repeat(501) })).toEqual({ reason: 'At most 500 characters' });
  });
  it('sends the reason trimmed, and none when empty', () => {
    expect(verdictBody({ status: 'rejected', reason: ' Blurred PAN ' })).toEqual({ status: 'rejected', reason: 'Blurred PAN' });
    expect(verdictBody({ status: 'verified', reason: '' })).toEqual({ status: 'verified' });
  });
});

describe("a section's content", () => {
  it('names the uploads of the Documents section, resolved among the customer’s documents', () => {
    const doc = { id: 'd1', kind: 'identityProof', contentType: 'application/pdf', size: 10, createdAt: '2026-11-01T00:00:00Z' };
    const content = sectionContent(
      section({ data: { pan: 'ABCDE1234F', aadhaarLast4: '1234', identityProofId: 'd1', addressProofId: 'd2', incomeProofIds: ['d3'] } }),
      [doc],
      String,
    );
    expect(content.lines).toEqual([
      { label: 'PAN', value: 'ABCDE1234F' },
      { label: 'Aadhaar (last 4)', value: '1234' },
    ]);
    expect(content.documents.map((d) => [d.label, d.id, d.document?.kind])).toEqual([
      ['Identity proof', 'd1', 'identityProof'],
      ['Address proof', 'd2', undefined],
      ['Income proof 1', 'd3', undefined],
    ]);
  });
  it('shows the date of birth and gender as the borrower’s form does, not as the API stores them', () => {
    const lines = sectionContent(
      section({
        section: 'profile',
        data: { name: 'Asha Rao', dateOfBirth: '1992-05-14', gender: 'undisclosed', maritalStatus: 'single' },
      }),
      [],
      String,
    ).lines;
    expect(lines).toContainEqual({ label: 'Date of birth', value: '14 May 1992' });
    expect(lines).toContainEqual({ label: 'Gender', value: 'Prefer not to say' });
  });
  it('formats income as money and a missing section as nothing', () => {
    expect(
      sectionContent(
        section({
          section: 'employment',
          data: { employer: 'Acme', employmentType: 'selfEmployed', monthlyNetIncome: 8_500_000, payDayOfMonth: 1 },
        }),
        [],
        (m) => `₹${m / 100}`,
      ).lines,
    ).toContainEqual({ label: 'Monthly net income', value: '₹85000' });
    expect(sectionContent(section({ status: 'missing' }), [], String)).toEqual({ lines: [], documents: [] });
  });
  it("shows the references' phones grouped, as people read them", () => {
    const references = [{ name: 'Ravi Kumar', relation: 'brother', phone: '+919000000001' }];
    expect(sectionContent(section({ section: 'reference', data: { references } }), [], String).lines).toEqual([
      { label: 'Reference 1', value: 'Ravi Kumar (brother), +91 90000 00001' },
    ]);
  });
});
