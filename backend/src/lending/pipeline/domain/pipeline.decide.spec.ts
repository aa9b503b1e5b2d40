import { describe, expect, it } from '@jest/globals';
import { BankVerificationFailed, type BankCheck } from './bank-verification.js';
import { given } from '../../loan/domain/decider-spec.helper.js';
import { BORROWER, DOCUMENT_HASH, FIXTURES, LOAN_ID, STAFF, historyTo } from '../../loan/domain/loan-history.fixture.js';
import { LOAN_ACTIONS, allowedActions } from '../../loan/domain/loan-actions.js';
import type { LoanAction } from '../../loan/domain/loan-actions.js';
import type { LoanCommand } from '../../loan/domain/loan.commands.js';
import type { StartLoanApplication } from './pipeline.commands.js';
import { PayoutAccountNotVerified, type PayoutAccountFacts } from './payout-account.js';
import { decide } from '../../loan/domain/loan.decide.js';
import { replay } from '../../loan/domain/loan.state.js';
import {
  AgreementMismatch,
  IllegalTransition,
  InvalidLoanInput,
  LoanAlreadyExists,
  LoanNotFound,
  MandateRequired,
  ProfileIncomplete,
} from '../../loan/domain/loan.errors.js';
import type { LoanEvent } from '../../loan/domain/loan.events.js';
import { DEFAULT_PRODUCT_SETTINGS } from '../../../platform/config/product-settings.js';
import { defaultProductParameters, pinnedTerms, type ProductParameters } from '../../loan/domain/terms/loan-product.js';
import { LOAN_STATES, LOAN_TYPES } from '../../loan/domain/loan.types.js';
import type { Actor, LoanStatus, LoanType } from '../../loan/domain/loan.types.js';

const NOW = '2026-02-01T10:00:00.000Z';
const OTHER_HASH = 'b'.repeat(64);

function envelope(actor: Actor, reason?: string) {
  return { loanId: LOAN_ID, at: NOW, actor, ...(reason !== undefined && { reason }) };
}

/** Command or event data from the borrower / from staff, now. */
const byBorrower = <D extends object>(data: D) => ({ ...envelope(BORROWER), ...data });
const byStaff = <D extends object>(data: D) => ({ ...envelope(STAFF), ...data });
const BANK_ACCOUNT = { holderName: 'Asha Rao', accountLast4: '0042', ifsc: 'HDFC0001234', accountType: 'savings' };
/** The Bank section as the fixture's history verified it (last four 4321, no IFSC recorded). */
const SECTION_ON_FILE = {
  status: 'verified' as const,
  account: { holderName: 'Asha Rao', accountLast4: '4321', ifsc: 'HDFC0001234', accountType: 'savings' },
};
const TO_SECTION = { section: SECTION_ON_FILE };
const PENNY_DROP: BankCheck = {
  method: 'penny-drop',
  account: BANK_ACCOUNT,
  borrowerName: 'Asha Rao',
  pennyDrop: { outcome: 'credited', provider: 'development', reference: 'PD-7', nameAtBank: 'ASHA RAO' },
};

function start(loanType: LoanType, data: Partial<StartLoanApplication['data']> = {}): StartLoanApplication {
  return {
    type: 'StartLoanApplication',
    data: {
      ...byBorrower({ borrowerId: BORROWER.id, loanType, amount: 2_000_000 }),
      ...(loanType === 'EMI' && { tenureMonths: 6 }),
      ...data,
    },
  };
}

/** A well-formed command for each action, so only the state decides whether it is legal. */
const VALID_COMMANDS: Record<LoanAction, LoanCommand> = {
  amend: { type: 'AmendLoanApplication', data: byBorrower({ amount: 1_500_000 }) },
  submit: { type: 'SubmitLoanApplication', data: byBorrower({ missingProfileFields: [] }) },
  'sign-agreement': { type: 'SignAgreement', data: byBorrower({ documentHash: DOCUMENT_HASH }) },
  cancel: { type: 'CancelLoan', data: byBorrower({ reason: 'Found a cheaper loan' }) },
  accept: { type: 'AcceptLoanApplication', data: envelope(STAFF) },
  'approve-soft': { type: 'ApproveSoftCheck', data: byStaff({ score: 700 }) },
  'approve-bank': { type: 'ApproveBankVerification', data: byStaff({ check: PENNY_DROP }) },
  'issue-agreement': { type: 'IssueAgreement', data: byStaff({ documentHash: DOCUMENT_HASH }) },
  'approve-final': { type: 'GrantFinalApproval', data: envelope(STAFF) },
  disburse: {
    type: 'DisburseLoan',
    data: byStaff({ payoutReference: 'PAYOUT-9', disbursedOn: '2026-02-01', payoutAccount: TO_SECTION }),
  },
  reject: { type: 'RejectLoan', data: byStaff({ reason: 'Policy' }) },
};

/** What a start records of the product it is made under: the version, and a copy of its terms. */
function pinned(params: ProductParameters) {
  return { productId: params.productId, productVersion: params.productVersion, productTerms: pinnedTerms(params) };
}
const DEFAULT_EMI = defaultProductParameters(DEFAULT_PRODUCT_SETTINGS, 'EMI');
const DEFAULT_ADVANCE = defaultProductParameters(DEFAULT_PRODUCT_SETTINGS, 'salaryAdvance');

const PRE_ACTIVE_STATES = LOAN_STATES.slice(0, LOAN_STATES.indexOf('active'));

function fieldNames(error: InvalidLoanInput): string[] {
  return error.fields.map((field) => field.name);
}

describe('when there is no loan', () => {
  it('starts an EMI application at the product rate, with its processing fee', () => {
    given([])
      .when(start('EMI', { amount: 1_200_000, tenureMonths: 3 }))
      .then([
        {
          type: 'LoanApplicationStarted',
          data: {
            ...envelope(BORROWER),
            borrowerId: BORROWER.id,
            loanType: 'EMI',
            amount: 1_200_000,
            tenureMonths: 3,
            annualRatePercent: 18,
            fee: 24_000,
            ...pinned(DEFAULT_EMI),
          },
        },
      ]);
  });

  it('starts a salary advance for one month at no interest, paid on the default pay day', () => {
    given([])
      .when(start('salaryAdvance', { amount: 2_500_000 }))
      .then([
        {
          type: 'LoanApplicationStarted',
          data: {
            ...envelope(BORROWER),
            borrowerId: BORROWER.id,
            loanType: 'salaryAdvance',
            amount: 2_500_000,
            tenureMonths: 1,
            annualRatePercent: 0,
            fee: 125_000,
            payDayOfMonth: 1,
            ...pinned(DEFAULT_ADVANCE),
          },
        },
      ]);
  });

  it("keeps the borrower's pay day and the reason given", () => {
    given([])
      .when(
        start('salaryAdvance', {
          amount: 2_500_000,
          tenureMonths: 1,
          payDayOfMonth: 5,
          reason: 'School fees',
        }),
      )
      .then([
        {
          type: 'LoanApplicationStarted',
          data: {
            ...envelope(BORROWER, 'School fees'),
            borrowerId: BORROWER.id,
            loanType: 'salaryAdvance',
            amount: 2_500_000,
            tenureMonths: 1,
            annualRatePercent: 0,
            fee: 125_000,
            payDayOfMonth: 5,
            ...pinned(DEFAULT_ADVANCE),
          },
        },
      ]);
  });

  it.each([
    ['EMI', 999_999, 'amount must be between 10000.00 and 500000.00 INR'],
    ['EMI', 50_000_001, 'amount must be between 10000.00 and 500000.00 INR'],
    ['EMI', 1_000_000.5, 'amount must be between 10000.00 and 500000.00 INR'],
    ['salaryAdvance', 499_999, 'amount must be between 5000.00 and 100000.00 INR'],
    ['salaryAdvance', 10_000_001, 'amount must be between 5000.00 and 100000.00 INR'],
  ] as const)('refuses a %s amount of %p', (loanType, amount, message) => {
    const error = given([]).when(start(loanType, { amount })).thenThrows(InvalidLoanInput, 'LOAN.INVALID_INPUT');
    expect(error.details).toEqual({ fields: [{ name: 'amount', message }] });
  });

  it.each([
    ['EMI', { tenureMonths: undefined }, 'tenureMonths is required for an EMI loan'],
    ['EMI', { tenureMonths: 2 }, 'tenureMonths must be a whole number between 3 and 36'],
    ['EMI', { tenureMonths: 37 }, 'tenureMonths must be a whole number between 3 and 36'],
    ['EMI', { payDayOfMonth: 5 }, 'payDayOfMonth applies to salary advances only'],
    ['salaryAdvance', { tenureMonths: 2 }, 'tenureMonths must be 1 for a salary advance'],
    ['salaryAdvance', { payDayOfMonth: 29 }, 'payDayOfMonth must be a whole number between 1 and 28'],
    ['salaryAdvance', { payDayOfMonth: 0 }, 'payDayOfMonth must be a whole number between 1 and 28'],
  ] as const)('refuses a %s application with %p', (loanType, terms, message) => {
    const error = given([]).when(start(loanType, terms)).thenThrows(InvalidLoanInput);
    expect(error.fields).toEqual([{ name: message.split(' ')[0], message }]);
  });

  it('lists every wrong field at once', () => {
    const error = given([])
      .when(start('EMI', { borrowerId: ' ', amount: 1, tenureMonths: 1 }))
      .thenThrows(InvalidLoanInput);
    expect(fieldNames(error)).toEqual(['borrowerId', 'amount', 'tenureMonths']);
    expect(error.message).toBe(
      'borrowerId is required; amount must be between 10000.00 and 500000.00 INR; ' +
        'tenureMonths must be a whole number between 3 and 36',
    );
  });

  it('refuses an unknown loan type', () => {
    const error = given([])
      .when(start('mortgage' as LoanType))
      .thenThrows(InvalidLoanInput);
    expect(fieldNames(error)).toEqual(['loanType']);
  });

  it.each([
    [{ at: '2026-02-01' }, 'at'],
    [{ at: 'yesterday' }, 'at'],
    [{ at: '2026-02-01T10:00:00' }, 'at'],
    [{ actor: { id: '', role: 'borrower' as const } }, 'actor'],
    [{ actor: { id: 'x', role: 'admin' as 'staff' } }, 'actor'],
    [{ loanId: '' }, 'loanId'],
  ])('refuses a command whose envelope has %p', (override, field) => {
    const error = given([]).when(start('EMI', override)).thenThrows(InvalidLoanInput);
    expect(fieldNames(error)).toEqual([field]);
  });

  it.each(LOAN_ACTIONS)('cannot %s a loan that does not exist', (action) => {
    const error = given([]).when(VALID_COMMANDS[action]).thenThrows(LoanNotFound, 'LOAN.NOT_FOUND');
    expect(error.details).toEqual({ loanId: LOAN_ID });
  });
});

describe.each(LOAN_TYPES)('%s loan', (loanType) => {
  const f = FIXTURES[loanType];

  describe('when new', () => {
    const history = historyTo('new', loanType);

    it('cannot be started twice', () => {
      given(history).when(start(loanType)).thenThrows(LoanAlreadyExists, 'LOAN.ALREADY_EXISTS');
    });

    it('amends the amount and recomputes the fee', () => {
      given(history)
        .when({ type: 'AmendLoanApplication', data: byBorrower({ amount: 2_000_000 }) })
        .then([
          {
            type: 'LoanApplicationAmended',
            data: {
              ...envelope(BORROWER),
              amount: 2_000_000,
              tenureMonths: f.tenureMonths,
              fee: loanType === 'EMI' ? 40_000 : 100_000,
            },
          },
        ]);
    });

    it('appends nothing when the amendment changes nothing', () => {
      given(history)
        .when({
          type: 'AmendLoanApplication',
          data: byBorrower({ amount: f.requested, tenureMonths: f.tenureMonths }),
        })
        .then([]);
    });

    it('refuses an amount outside the product bounds', () => {
      const error = given(history)
        .when({ type: 'AmendLoanApplication', data: byBorrower({ amount: 100 }) })
        .thenThrows(InvalidLoanInput);
      expect(fieldNames(error)).toEqual(['amount']);
    });

    it('submits when the profile is complete', () => {
      given(history)
        .when({ type: 'SubmitLoanApplication', data: byBorrower({ missingProfileFields: [] }) })
        .then([{ type: 'LoanApplicationSubmitted', data: envelope(BORROWER) }]);
    });

    it('refuses to submit while profile sections are missing', () => {
      const error = given(history)
        .when({
          type: 'SubmitLoanApplication',
          data: byBorrower({ missingProfileFields: ['pan', 'employment'] }),
        })
        .thenThrows(ProfileIncomplete, 'LOAN.PROFILE_INCOMPLETE');
      expect(error.details).toEqual({ missing: ['pan', 'employment'] });
    });
  });

  if (loanType === 'EMI') {
    describe('when new (EMI only)', () => {
      it('amends the tenure alone and keeps the fee', () => {
        given(historyTo('new', 'EMI'))
          .when({ type: 'AmendLoanApplication', data: byBorrower({ tenureMonths: 24 }) })
          .then([
            {
              type: 'LoanApplicationAmended',
              data: byBorrower({ amount: f.requested, tenureMonths: 24, fee: f.requestedFee }),
            },
          ]);
      });
    });
  } else {
    describe('when new (salary advance only)', () => {
      it('refuses a tenure other than one month', () => {
        const error = given(historyTo('new', 'salaryAdvance'))
          .when({ type: 'AmendLoanApplication', data: byBorrower({ tenureMonths: 3 }) })
          .thenThrows(InvalidLoanInput);
        expect(fieldNames(error)).toEqual(['tenureMonths']);
      });
    });
  }

  describe('when applied', () => {
    it('is accepted for credit review', () => {
      given(historyTo('applied', loanType))
        .when({ type: 'AcceptLoanApplication', data: envelope(STAFF) })
        .then([{ type: 'LoanApplicationAccepted', data: envelope(STAFF) }]);
    });
  });

  describe('when soft.pending', () => {
    const history = historyTo('soft.pending', loanType);

    it('approves the requested amount by default', () => {
      given(history)
        .when({ type: 'ApproveSoftCheck', data: byStaff({ score: 700 }) })
        .then([
          {
            type: 'SoftCheckApproved',
            data: byStaff({ score: 700, approvedAmount: f.requested, fee: f.requestedFee }),
          },
        ]);
    });

    it('approves a lower amount with the fee recomputed for it', () => {
      given(history)
        .when({ type: 'ApproveSoftCheck', data: byStaff({ score: 720, approvedAmount: f.approved }) })
        .then([
          {
            type: 'SoftCheckApproved',
            data: byStaff({ score: 720, approvedAmount: f.approved, fee: f.approvedFee }),
          },
        ]);
    });

    it('never approves more than was asked for', () => {
      const requestedInRupees = (f.requested / 100).toFixed(2);
      const error = given(history)
        .when({
          type: 'ApproveSoftCheck',
          data: byStaff({ score: 720, approvedAmount: f.requested + 1 }),
        })
        .thenThrows(InvalidLoanInput);
      expect(error.fields).toEqual([
        {
          name: 'approvedAmount',
          message: `approvedAmount must not exceed the requested amount of ${requestedInRupees} INR`,
        },
      ]);
    });

    it.each([
      [{ score: 299 }, ['score']],
      [{ score: 901 }, ['score']],
      [{ score: 650.5 }, ['score']],
      [{ score: 700, approvedAmount: 0 }, ['approvedAmount']],
      [{ score: 700, approvedAmount: 100 }, ['approvedAmount']],
      [{ score: 1000, approvedAmount: -5 }, ['score', 'approvedAmount']],
    ])('refuses %p', (input, fields) => {
      const error = given(history)
        .when({ type: 'ApproveSoftCheck', data: byStaff(input) })
        .thenThrows(InvalidLoanInput);
      expect(fieldNames(error)).toEqual(fields);
    });
  });

  describe('when bank.pending', () => {
    const history = historyTo('bank.pending', loanType);

    it('records a penny drop: method, last four, IFSC, the reference and the name match, never the account number', () => {
      given(history)
        .when({ type: 'ApproveBankVerification', data: byStaff({ check: PENNY_DROP }) })
        .then([
          {
            type: 'BankVerificationApproved',
            data: byStaff({
              method: 'penny-drop',
              bankAccountLast4: '0042',
              ifsc: 'HDFC0001234',
              pennyDrop: { provider: 'development', reference: 'PD-7', nameAtBank: 'ASHA RAO', nameMatch: true },
            }),
          },
        ]);
    });

    it('records a manual verification with its reason', () => {
      given(history)
        .when({
          type: 'ApproveBankVerification',
          data: byStaff({ reason: 'Cancelled cheque checked', check: { method: 'manual', account: BANK_ACCOUNT } }),
        })
        .then([
          {
            type: 'BankVerificationApproved',
            data: byStaff({ reason: 'Cancelled cheque checked', method: 'manual', bankAccountLast4: '0042', ifsc: 'HDFC0001234' }),
          },
        ]);
    });

    it('refuses a manual verification without a reason', () => {
      const error = given(history)
        .when({ type: 'ApproveBankVerification', data: byStaff({ check: { method: 'manual', account: BANK_ACCOUNT } }) })
        .thenThrows(InvalidLoanInput);
      expect(fieldNames(error)).toEqual(['reason']);
    });

    it('refuses a failed penny drop, and one to an account in another name', () => {
      const failed: BankCheck = {
        ...PENNY_DROP,
        pennyDrop: { outcome: 'failed', provider: 'development', reference: 'PD-8', failure: 'no such account' },
      };
      given(history)
        .when({ type: 'ApproveBankVerification', data: byStaff({ check: failed }) })
        .thenThrows(BankVerificationFailed, 'LOAN.BANK_VERIFICATION_FAILED');
      const otherName: BankCheck = {
        ...PENNY_DROP,
        pennyDrop: { outcome: 'credited', provider: 'development', reference: 'PD-9', nameAtBank: 'RAVI KUMAR' },
      };
      given(history)
        .when({ type: 'ApproveBankVerification', data: byStaff({ check: otherName }) })
        .thenThrows(BankVerificationFailed);
    });
  });

  describe('when consent.pending', () => {
    const history = historyTo('consent.pending', loanType);

    it('issues the agreement with terms computed from the approved loan', () => {
      given(history)
        .when({ type: 'IssueAgreement', data: byStaff({ documentHash: DOCUMENT_HASH }) })
        .then([
          {
            type: 'AgreementIssued',
            data: byStaff({ documentHash: DOCUMENT_HASH, terms: f.terms }),
          },
        ]);
    });

    it('pins the cooling-off period and fee rule the KFS printed on the issued agreement', () => {
      const coolingOff = { days: 5, feeRetained: true };
      given(history)
        .when({ type: 'IssueAgreement', data: byStaff({ documentHash: DOCUMENT_HASH, coolingOff }) })
        .then([{ type: 'AgreementIssued', data: byStaff({ documentHash: DOCUMENT_HASH, terms: f.terms, coolingOff }) }]);
    });

    it('refuses a blank document hash', () => {
      const error = given(history)
        .when({ type: 'IssueAgreement', data: byStaff({ documentHash: '  ' }) })
        .thenThrows(InvalidLoanInput);
      expect(error.fields).toEqual([{ name: 'documentHash', message: 'documentHash is required' }]);
    });
  });

  describe('when consent.customerpending', () => {
    const history = historyTo('consent.customerpending', loanType);

    it('is signed by the borrower on the issued document', () => {
      given(history)
        .when({ type: 'SignAgreement', data: byBorrower({ documentHash: DOCUMENT_HASH }) })
        .then([{ type: 'AgreementSigned', data: byBorrower({ documentHash: DOCUMENT_HASH }) }]);
    });

    it('records the signing evidence (code verified for the phone, address, user agent) in AgreementSigned', () => {
      const evidence = {
        channel: 'email-link' as const,
        code: { purpose: 'e-sign' as const, phone: '******3210', verifiedAt: '2026-11-23T10:00:00.000Z' },
        ip: '203.0.113.7',
        userAgent: 'Chromium',
      };
      given(history)
        .when({ type: 'SignAgreement', data: byBorrower({ documentHash: DOCUMENT_HASH, evidence }) })
        .then([{ type: 'AgreementSigned', data: byBorrower({ documentHash: DOCUMENT_HASH, evidence }) }]);
    });

    it('refuses a signature on any other document', () => {
      const error = given(history)
        .when({ type: 'SignAgreement', data: byBorrower({ documentHash: OTHER_HASH }) })
        .thenThrows(AgreementMismatch, 'LOAN.AGREEMENT_MISMATCH');
      expect(error.details).toEqual({
        issuedDocumentHash: DOCUMENT_HASH,
        signedDocumentHash: OTHER_HASH,
      });
    });

    it('refuses a blank document hash', () => {
      given(history)
        .when({ type: 'SignAgreement', data: byBorrower({ documentHash: '' }) })
        .thenThrows(InvalidLoanInput);
    });
  });

  describe('when final.pending', () => {
    it('is approved for payout', () => {
      given(historyTo('final.pending', loanType))
        .when({ type: 'GrantFinalApproval', data: envelope(STAFF) })
        .then([{ type: 'FinalApprovalGranted', data: envelope(STAFF) }]);
    });

    describe('under a product version that requires an auto-debit mandate', () => {
      const requiring = { ...(loanType === 'EMI' ? DEFAULT_EMI : DEFAULT_ADVANCE), mandateRequired: true };
      const mandateEvent = (type: string, data: object) =>
        ({ type, data: { ...envelope(STAFF), mandateId: 'm1', ...data } }) as unknown as LoanEvent;
      const started = mandateEvent('MandateRegistrationStarted', {
        kind: 'e-nach',
        maxAmount: 10_000_000,
        frequency: 'monthly',
        validFrom: '2026-02-01',
        validUntil: '2027-12-31',
        provider: 'sandbox',
        by: STAFF.id,
      });
      const registered = mandateEvent('MandateRegistered', { providerReference: 'UMRN1', activeFrom: '2026-02-01' });

      it('is refused without an active mandate, naming the step (a pending one is not enough)', () => {
        for (const history of [historyTo('final.pending', loanType), [...historyTo('final.pending', loanType), started]]) {
          const error = given(history, requiring)
            .when({ type: 'GrantFinalApproval', data: envelope(STAFF) })
            .thenThrows(MandateRequired, 'LOAN.MANDATE_REQUIRED');
          expect(error.details).toMatchObject({ step: 'approve-final' });
        }
      });

      it('is approved once the mandate is active', () => {
        given([...historyTo('final.pending', loanType), started, registered], requiring)
          .when({ type: 'GrantFinalApproval', data: envelope(STAFF) })
          .then([{ type: 'FinalApprovalGranted', data: envelope(STAFF) }]);
      });
    });
  });

  describe('when disbursal.pending', () => {
    const history = historyTo('disbursal.pending', loanType);

    it('is paid out with its repayment schedule fixed', () => {
      given(history)
        .when({
          type: 'DisburseLoan',
          data: byStaff({ payoutReference: 'PAYOUT-1', disbursedOn: f.disbursedOn, payoutAccount: TO_SECTION }),
        })
        .then([
          {
            type: 'LoanDisbursed',
            data: {
              ...envelope(STAFF),
              payoutReference: 'PAYOUT-1',
              disbursedOn: f.disbursedOn,
              schedule: f.schedule,
              servicingTerms: expect.objectContaining({
                principal: f.approved,
                disbursedOn: f.disbursedOn,
                firstDueDate: f.schedule[0]!.dueDate,
                strategy: 'mifos-standard',
              }) as never,
              payoutAccount: { accountLast4: '4321', ifsc: 'HDFC0001234' },
            },
          },
        ]);
    });

    it('refuses a payout without reference or date', () => {
      const error = given(history)
        .when({
          type: 'DisburseLoan',
          data: byStaff({ payoutReference: '', disbursedOn: '2026-02-30', payoutAccount: TO_SECTION }),
        })
        .thenThrows(InvalidLoanInput);
      expect(fieldNames(error)).toEqual(['payoutReference', 'disbursedOn']);
    });

    const payout = (payoutAccount: PayoutAccountFacts) =>
      given(history).when({
        type: 'DisburseLoan',
        data: byStaff({ payoutReference: 'PAYOUT-1', disbursedOn: f.disbursedOn, payoutAccount }),
      });
    const refusedFields = (error: PayoutAccountNotVerified) => (error.details.fields as { name: string }[]).map((x) => x.name);

    it('is paid to the verified account when staff name that same account', () => {
      const command: LoanCommand = {
        type: 'DisburseLoan',
        data: byStaff({
          payoutReference: 'PAYOUT-1',
          disbursedOn: f.disbursedOn,
          payoutAccount: { ...TO_SECTION, requested: { accountLast4: '4321', ifsc: 'hdfc0001234', sameNumberAsSection: true } },
        }),
      };
      const [event] = decide(command, replay(history), loanType === 'EMI' ? DEFAULT_EMI : DEFAULT_ADVANCE);
      expect(event).toMatchObject({ type: 'LoanDisbursed', data: { payoutAccount: { accountLast4: '4321', ifsc: 'HDFC0001234' } } });
    });

    it('refuses a payout to another account (no pass-through), naming the account number and why', () => {
      const error = payout({
        ...TO_SECTION,
        requested: { accountLast4: '9999', ifsc: 'HDFC0001234', sameNumberAsSection: false },
      }).thenThrows(PayoutAccountNotVerified);
      expect(refusedFields(error)).toEqual(['payeeAccount.accountNumber']);
      expect(error.message).toContain("borrower's verified account XXXXXX4321 (HDFC0001234)");
      expect(error.message).toContain('never through a pool, pass-through or third-party account');
    });

    it('refuses a payout to the same number at another branch, naming the IFSC', () => {
      const error = payout({
        ...TO_SECTION,
        requested: { accountLast4: '4321', ifsc: 'ICIC0000001', sameNumberAsSection: true },
      }).thenThrows(PayoutAccountNotVerified);
      expect(refusedFields(error)).toEqual(['payeeAccount.ifsc']);
    });

    it('refuses a payout when the Bank section changed after it was verified', () => {
      const changed = { ...SECTION_ON_FILE, account: { ...SECTION_ON_FILE.account, accountLast4: '7777' } };
      const error = payout({ section: changed }).thenThrows(PayoutAccountNotVerified);
      expect(refusedFields(error)).toEqual(['bank']);
      expect(error.message).toContain('changed after it was verified (verified XXXXXX4321, now XXXXXX7777 (HDFC0001234))');
    });

    it.each(['missing', 'rejected'] as const)('refuses a payout when the Bank section is %s', (status) => {
      const section = status === 'missing' ? { status } : { status, reason: 'blurred cheque' };
      const error = payout({ section }).thenThrows(PayoutAccountNotVerified);
      expect(refusedFields(error)).toEqual(['bank']);
      expect(error.message).toContain(`Bank section is ${status}`);
    });
  });

  describe.each(PRE_ACTIVE_STATES)('when %s', (status) => {
    const history = historyTo(status, loanType);

    it('is rejected by staff, with the reason and the state it left', () => {
      given(history)
        .when({ type: 'RejectLoan', data: { ...envelope(STAFF, 'Policy'), reason: 'Policy' } })
        .then([
          {
            type: 'LoanRejected',
            data: { ...envelope(STAFF, 'Policy'), reason: 'Policy', fromState: status },
          },
        ]);
    });

    it('is cancelled by the borrower, with the reason and the state it left', () => {
      given(history)
        .when({
          type: 'CancelLoan',
          data: { ...envelope(BORROWER, 'Changed my mind'), reason: 'Changed my mind' },
        })
        .then([
          {
            type: 'LoanApplicationCancelled',
            data: {
              ...envelope(BORROWER, 'Changed my mind'),
              reason: 'Changed my mind',
              fromState: status,
            },
          },
        ]);
    });

    it.each([
      ['RejectLoan', STAFF],
      ['CancelLoan', BORROWER],
    ] as const)('refuses %s without a reason', (type, actor) => {
      const error = given(history)
        .when({ type, data: { ...envelope(actor), reason: ' ' } })
        .thenThrows(InvalidLoanInput);
      expect(error.fields).toEqual([{ name: 'reason', message: 'reason is required' }]);
    });
  });

  describe('when rejected', () => {
    const history = historyTo('rejected', loanType);

    it('appends nothing when rejected again: the outcome already holds', () => {
      given(history).when(VALID_COMMANDS.reject).then([]);
    });

    it('cannot be cancelled', () => {
      const error = given(history).when(VALID_COMMANDS.cancel).thenThrows(IllegalTransition);
      expect(error.message).toBe('Cannot cancel a loan in state rejected; allowed: none');
    });
  });

  describe('when cancelled', () => {
    const history = historyTo('cancelled', loanType);

    it('appends nothing when cancelled again: the outcome already holds', () => {
      given(history).when(VALID_COMMANDS.cancel).then([]);
    });

    it('cannot be rejected', () => {
      given(history).when(VALID_COMMANDS.reject).thenThrows(IllegalTransition, 'LOAN.ILLEGAL_TRANSITION');
    });
  });

  describe('illegal transitions', () => {
    // Every action that a state does not allow, except repeating a rejection or a
    // cancellation, whose outcome already holds (tested above).
    const illegal: [LoanStatus, LoanAction][] = LOAN_STATES.flatMap((status) =>
      LOAN_ACTIONS.filter((action) => !allowedActions(status).includes(action))
        .filter((action) => !(status === 'rejected' && action === 'reject'))
        .filter((action) => !(status === 'cancelled' && action === 'cancel'))
        .map((action): [LoanStatus, LoanAction] => [status, action]),
    );

    it.each(illegal)('when %s, refuses to %s', (status, action) => {
      const error = given(historyTo(status, loanType))
        .when(VALID_COMMANDS[action])
        .thenThrows(IllegalTransition, 'LOAN.ILLEGAL_TRANSITION');
      expect(error.details).toEqual({
        currentState: status,
        action,
        allowedActions: allowedActions(status),
      });
    });
  });
});

describe('illegal transition messages', () => {
  it('name the action, the state and what is allowed instead', () => {
    const error = given(historyTo('applied', 'EMI')).when(VALID_COMMANDS['approve-soft']).thenThrows(IllegalTransition);
    expect(error.message).toBe('Cannot approve-soft a loan in state applied; allowed: accept, reject, cancel');
  });
});
