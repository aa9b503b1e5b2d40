import { describe, expect, it } from '@jest/globals';
import { ageOn, missingSections, SECTION_INPUT, sectionRuleProblems } from './profile-sections.js';

const facts = {
  today: '2026-11-23',
  ownPhone: '+919876543210',
  documents: new Map([['11111111-1111-4111-8111-111111111111', 'identityProof' as const]]),
};

describe('profile sections', () => {
  it('checks formats field by field: PIN code, state, IFSC, PAN, Aadhaar last four only', () => {
    const address = SECTION_INPUT.address.safeParse({
      current: { line1: 'x', city: 'Pune', state: 'Atlantis', pinCode: '12345', yearsAtAddress: 2 },
      permanent: { line1: 'x', city: 'Pune', state: 'Maharashtra', pinCode: '411001', yearsAtAddress: -1 },
    });
    expect(address.success).toBe(false);
    expect(address.error!.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'current.pinCode',
      'current.state',
      'permanent.yearsAtAddress',
    ]);
    expect(
      SECTION_INPUT.bank
        .safeParse({ holderName: 'Asha Rao', accountNumber: '12345678', ifsc: 'HDFC1234567', accountType: 'savings' })
        .error!.issues.map((i) => i.path[0])
        .sort(),
    ).toEqual(['accountNumber', 'ifsc']);
    expect(
      SECTION_INPUT.bank.parse({ holderName: 'Asha Rao', accountNumber: '123456789012', ifsc: 'hdfc0001234', accountType: 'savings' }).ifsc,
    ).toBe('HDFC0001234');
    const documents = SECTION_INPUT.documents.safeParse({
      pan: 'ABCDE1234',
      aadhaarLast4: '123412341234',
      identityProofId: 'x',
      addressProofId: 'x',
      incomeProofIds: [],
    });
    expect(documents.error!.issues.find((i) => i.path[0] === 'aadhaarLast4')!.message).toMatch(/never the whole number/);
  });

  describe('given the rules that need outside facts', () => {
    it('when the borrower is under 18 on the business date, then the date of birth is refused', () => {
      expect(sectionRuleProblems('profile', { dateOfBirth: '2008-11-24', gender: 'female', maritalStatus: 'single' }, facts)).toEqual([
        { name: 'dateOfBirth', message: 'you must be 18 or older' },
      ]);
      expect(sectionRuleProblems('profile', { dateOfBirth: '2008-11-23', gender: 'female', maritalStatus: 'single' }, facts)).toEqual([]);
      expect(ageOn('2000-02-29', '2026-02-28')).toBe(25);
    });
    it('when a reference is the borrower, or both references are one person, then it is refused', () => {
      const problems = sectionRuleProblems(
        'reference',
        {
          references: [
            { name: 'Me', relation: 'self', phone: '+919876543210' },
            { name: 'Ravi', relation: 'friend', phone: '+919876543210' },
          ],
        },
        facts,
      );
      expect(problems.map((p) => p.name)).toEqual(['references.0.phone', 'references.1.phone', 'references.1.phone']);
    });
    it("when a section names a document that is not the borrower's or of the wrong kind, then it is refused", () => {
      const problems = sectionRuleProblems(
        'documents',
        {
          pan: 'ABCDE1234F',
          aadhaarLast4: '1234',
          identityProofId: '11111111-1111-4111-8111-111111111111',
          addressProofId: '11111111-1111-4111-8111-111111111111',
          incomeProofIds: ['22222222-2222-4222-8222-222222222222'],
        },
        facts,
      );
      expect(problems).toEqual([
        { name: 'addressProofId', message: 'must be a document of kind addressProof, not identityProof' },
        { name: 'incomeProofIds.0', message: 'is not a document you uploaded' },
      ]);
    });
  });

  it('lists the required sections that are missing or rejected', () => {
    const statuses = new Map([
      ['bank', 'verified' as const],
      ['address', 'rejected' as const],
      ['profile', 'complete' as const],
    ]);
    expect(missingSections(['profile', 'address', 'bank', 'selfie'], statuses)).toEqual(['address', 'selfie']);
  });
});
