import { describe, expect, it } from '@jest/globals';
import {
  CONSENTS,
  decideStep,
  isResumable,
  landingPath,
  missingSteps,
  nextPage,
  STEP_INPUT,
  stepOutOfOrder,
  type OfferedProduct,
  type QuickStartAnswers,
} from './quick-start.js';

const EMI: OfferedProduct = {
  id: '11111111-1111-4111-8111-111111111111',
  type: 'EMI',
  minAmount: 10_000_00,
  maxAmount: 5_00_000_00,
  minTenureMonths: 3,
  maxTenureMonths: 24,
};
const ADVANCE: OfferedProduct = {
  id: '22222222-2222-4222-8222-222222222222',
  type: 'salaryAdvance',
  minAmount: 1_000_00,
  maxAmount: 50_000_00,
  minTenureMonths: null,
  maxTenureMonths: null,
};
const facts = { today: '2026-11-24', now: new Date('2026-11-24T05:00:00Z'), products: [EMI, ADVANCE] };
const basic = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  dateOfBirth: '1990-04-15',
  gender: 'female' as const,
  maritalStatus: 'single' as const,
};
const employment = { employmentType: 'salaried' as const, employer: 'Acme Ltd' };
const income = { monthlyNetIncome: 60_000_00, payDayOfMonth: 1 };
const loan = { type: 'EMI' as const, amount: 50_000_00, tenureMonths: 12 };
const accepted = (version: string) => ({ accepted: true as const, version });
const consents = {
  creditCheck: accepted(CONSENTS.creditCheck.version),
  terms: accepted(CONSENTS.terms.version),
  privacy: accepted(CONSENTS.privacy.version),
};

describe('quick start steps', () => {
  describe('given nothing answered', () => {
    it('when the visitor arrives, then they continue at Step0 and every step is missing', () => {
      expect(nextPage({})).toBe('Step0');
      expect(missingSteps({})).toEqual(['basic', 'employment', 'income', 'loan', 'consents']);
    });
    it('when they try to save a later step first, then it is out of order, naming the first missing one', () => {
      expect(stepOutOfOrder('loan', {})).toBe('basic');
      expect(stepOutOfOrder('basic', {})).toBeUndefined();
    });
  });

  describe('given the first three steps answered', () => {
    const answers: QuickStartAnswers = { basic, employment, income };
    it('when they come back, then they continue at the loan step (Step3)', () => {
      expect(nextPage(answers)).toBe('Step3');
    });
    it('when they go back and change an earlier step, then that is allowed', () => {
      expect(stepOutOfOrder('basic', answers)).toBeUndefined();
      expect(stepOutOfOrder('loan', answers)).toBeUndefined();
      expect(stepOutOfOrder('consents', answers)).toBe('loan');
    });
  });

  it('given every step answered, then the next page is the review and nothing is missing', () => {
    const all: QuickStartAnswers = {
      basic,
      employment,
      income,
      loan,
      consents: {
        creditCheck: { ...accepted('v'), at: 'x' },
        terms: { ...accepted('v'), at: 'x' },
        privacy: { ...accepted('v'), at: 'x' },
      },
    };
    expect(nextPage(all)).toBe('Step5');
    expect(missingSteps(all)).toEqual([]);
  });
});

describe('the basic details', () => {
  it('when the visitor is 18 or older, then the step is accepted', () => {
    expect(decideStep('basic', basic, facts)).toEqual({ ok: true, value: basic });
  });
  it('when they turn 18 tomorrow, then the date of birth is refused', () => {
    expect(decideStep('basic', { ...basic, dateOfBirth: '2008-11-25' }, facts)).toEqual({
      ok: false,
      problems: [{ name: 'dateOfBirth', message: 'you must be 18 or older' }],
    });
  });
  it('when the fields are malformed, then each has its own message', () => {
    const parsed = STEP_INPUT.basic.safeParse({
      name: 'A',
      email: 'nope',
      dateOfBirth: '15/04/1990',
      gender: 'x',
      maritalStatus: 'single',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['dateOfBirth', 'email', 'gender', 'name']);
  });
});

describe('the loan wanted', () => {
  it('when it fits the open EMI product, then it is accepted', () => {
    expect(decideStep('loan', loan, facts)).toEqual({ ok: true, value: loan });
  });
  it('when the amount and tenure are outside the product, then both are refused with the limits', () => {
    const decision = decideStep('loan', { type: 'EMI', amount: 1_00, tenureMonths: 60 }, facts);
    expect(decision).toEqual({
      ok: false,
      problems: [
        { name: 'amount', message: expect.stringContaining('between') },
        { name: 'tenureMonths', message: 'must be between 3 and 24 months' },
      ],
    });
  });
  it('when an EMI loan has no tenure, then the tenure is required', () => {
    expect(decideStep('loan', { type: 'EMI', amount: 50_000_00 }, facts)).toEqual({
      ok: false,
      problems: [{ name: 'tenureMonths', message: 'is required for an EMI loan' }],
    });
  });
  it('when a salary advance names a tenure, then it is refused (it is repaid on pay day)', () => {
    expect(decideStep('loan', { type: 'salaryAdvance', amount: 10_000_00, tenureMonths: 3 }, facts)).toEqual({
      ok: false,
      problems: [{ name: 'tenureMonths', message: expect.stringContaining('not asked') }],
    });
  });
  it('when no product of the type is open, or the product named is of another type, then it is refused', () => {
    expect(decideStep('loan', loan, { ...facts, products: [ADVANCE] })).toEqual({
      ok: false,
      problems: [{ name: 'type', message: 'is not open for applications at the moment' }],
    });
    expect(decideStep('loan', { ...loan, productId: ADVANCE.id }, facts)).toEqual({
      ok: false,
      problems: [{ name: 'productId', message: 'is not a EMI product' }],
    });
  });
});

describe('the consents', () => {
  it('when all three are accepted on the current texts, then each is recorded with its version and the time', () => {
    const decision = decideStep('consents', consents, facts);
    const recorded = { accepted: true, version: '2026-11-01', at: '2026-11-24T05:00:00.000Z' };
    expect(decision).toEqual({ ok: true, value: { creditCheck: recorded, terms: recorded, privacy: recorded } });
  });
  it('when a consent was given on an older text, then it must be read and accepted again', () => {
    expect(decideStep('consents', { ...consents, terms: accepted('2020-01-01') }, facts)).toEqual({
      ok: false,
      problems: [{ name: 'terms.version', message: expect.stringContaining('read it again') }],
    });
  });
  it('when one is not accepted, then the format refuses it by name', () => {
    const parsed = STEP_INPUT.consents.safeParse({ ...consents, privacy: { accepted: false, version: CONSENTS.privacy.version } });
    expect(parsed.error!.issues.map((i) => i.path.join('.'))).toEqual(['privacy.accepted']);
  });
});

describe('resuming', () => {
  const now = new Date('2026-11-24T05:00:00Z');
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
  it('given a quick start last answered 29 days ago, then the same phone resumes it', () => {
    expect(isResumable({ updatedAt: daysAgo(29), borrowerId: null, status: 'new' }, now)).toBe(true);
  });
  it('given one last answered 30 days ago or more, then a new one starts', () => {
    expect(isResumable({ updatedAt: daysAgo(30), borrowerId: null, status: 'new' }, now)).toBe(false);
  });
  it('given a finished or closed one, then it is never resumed', () => {
    expect(isResumable({ updatedAt: daysAgo(1), borrowerId: 'b', status: 'converted' }, now)).toBe(false);
    expect(isResumable({ updatedAt: daysAgo(1), borrowerId: null, status: 'lost' }, now)).toBe(false);
  });
});

it('a finished visitor lands on the first step of their application', () => {
  expect(landingPath({ id: 'abc', type: 'EMI' })).toBe('/User/newLoan/Emi/abc/Step0');
  expect(landingPath({ id: 'abc', type: 'salaryAdvance' })).toBe('/User/newLoan/salaryAdvance/abc/Step0');
});
