import { describe, expect, it } from '@jest/globals';
import { DEFAULT_PRODUCT_SETTINGS } from '../../../platform/config/product-settings.js';
import { given } from '../../loan/domain/decider-spec.helper.js';
import { LOAN_ID, STAFF, BORROWER, historyTo } from '../../loan/domain/loan-history.fixture.js';
import type { LoanCommand } from '../../loan/domain/loan.commands.js';
import { decide } from '../../loan/domain/loan.decide.js';
import { IllegalTransition, InvalidLoanInput, SamePerson } from '../../loan/domain/loan.errors.js';
import type { LoanEvent } from '../../loan/domain/loan.events.js';
import { replay, type LoanRecord } from '../../loan/domain/loan.state.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { serviceLoan } from '../../loan/domain/schedule/loan-servicing.js';
import { defaultProductParameters, pinnedTerms } from '../../loan/domain/terms/loan-product.js';
import { loanStateOf } from '../../loan/projections/loan-state-row.js';
import { storedStateOf } from '../../loan/projections/loan-state-row.helper.js';
import { presentationAccepted } from './mandate.decide.js';
import { MandateOpen } from './mandate.errors.js';
import type { InstalmentPresented } from './mandate.events.js';
import { DEFAULT_MANDATE_RULES, mandateRulesOf, presentationIdOf } from './mandate.rules.js';

const CHECKER: Actor = { id: 'staff-2', role: 'staff' };
const PROVIDER: Actor = { id: 'mandate-provider:sandbox', role: 'staff' };
const DUE_1 = '2026-02-28';
const atOn = (date: string, time = '18:00:00') => `${date}T${time}.000Z`;
const command = (type: string, data: Record<string, unknown>, actor: Actor = STAFF, at = atOn('2026-02-01')): LoanCommand =>
  ({ type, data: { loanId: LOAN_ID, at, actor, ...data } }) as unknown as LoanCommand;

const start = (kind = 'e-nach', maxAmount = 700_000, overrides: Record<string, unknown> = {}, mandateId = 'm1') =>
  command('StartMandateRegistration', {
    mandateId,
    kind,
    maxAmount,
    frequency: 'monthly',
    validFrom: '2026-02-01',
    validUntil: '2027-04-30',
    provider: 'sandbox',
    businessDate: '2026-02-01',
    ...overrides,
  });
const registered = (mandateId = 'm1') =>
  command(
    'RecordMandateRegistration',
    { mandateId, outcome: 'registered', providerReference: 'SNDB0000000001', businessDate: '2026-02-01' },
    PROVIDER,
  );
const present = (businessDate: string, time = '18:00:00') =>
  command('PresentDueInstalments', { businessDate }, { id: 'system:close-of-business', role: 'staff' }, atOn(businessDate, time));
const result = (presentationId: string, outcome: 'succeeded' | 'bounced', businessDate: string, reasonCode?: string) =>
  command(
    'RecordPresentationResult',
    {
      presentationId,
      outcome,
      paymentId: `pay-${presentationId}`,
      amount: 0,
      providerReference: 'UTR1',
      businessDate,
      ...(reasonCode && { reasonCode }),
    },
    PROVIDER,
    atOn(businessDate, '20:00:00'),
  );

function after(history: LoanEvent[], ...commands: LoanCommand[]): LoanEvent[] {
  const params = defaultProductParameters(DEFAULT_PRODUCT_SETTINGS, 'EMI');
  return commands.reduce((events, next) => [...events, ...decide(next, replay(events), params)], history);
}
const loanAfter = (events: LoanEvent[]) => replay(events) as LoanRecord;
const owedOn1 = (events: LoanEvent[]) => {
  const loan = loanAfter(events);
  const line = serviceLoan(loan.servicing!.terms, loan.servicing!.events).instalments[0]!;
  return (
    line.principal +
    line.interest +
    line.fees +
    line.penalties -
    line.paidPrincipal -
    line.paidInterest -
    line.paidFees -
    line.paidPenalties
  );
};

const active = historyTo('active', 'EMI');
const withMandate = after(active, start(), registered());
const P1 = presentationIdOf(LOAN_ID, 1, 1);

describe('mandate registration', () => {
  it('starts pending on an active loan, with the terms the borrower authorises', () => {
    given(active)
      .when(start())
      .then([
        {
          type: 'MandateRegistrationStarted',
          data: {
            loanId: LOAN_ID,
            at: atOn('2026-02-01'),
            actor: STAFF,
            mandateId: 'm1',
            kind: 'e-nach',
            maxAmount: 700_000,
            frequency: 'monthly',
            validFrom: '2026-02-01',
            validUntil: '2027-04-30',
            provider: 'sandbox',
            by: STAFF.id,
          },
        },
      ]);
  });

  it('is refused on a closed loan', () => {
    given(historyTo('closed', 'EMI')).when(start()).thenThrows(IllegalTransition);
  });

  it('refuses a UPI AutoPay maximum above NPCI limit without authentication each time', () => {
    const error = given(active).when(start('upi-autopay', 2_000_000)).thenThrows(InvalidLoanInput);
    expect(error.fields.map((f) => f.name)).toEqual(['maxAmount']);
  });

  it('refuses a validity that ends before it begins', () => {
    const error = given(active)
      .when(start('e-nach', 700_000, { validUntil: '2026-01-01' }))
      .thenThrows(InvalidLoanInput);
    expect(error.fields.map((f) => f.name)).toEqual(['validUntil']);
  });

  it('allows one open mandate at a time; the same registration repeated appends nothing', () => {
    given(after(active, start())).when(start()).then([]);
    given(after(active, start()))
      .when(start('e-nach', 700_000, {}, 'm2'))
      .thenThrows(MandateOpen);
  });

  it('becomes active with the UMRN when the provider confirms, once', () => {
    const events = after(active, start(), registered());
    expect(events.at(-1)).toMatchObject({
      type: 'MandateRegistered',
      data: { providerReference: 'SNDB0000000001', activeFrom: '2026-02-01' },
    });
    expect(loanAfter(events).mandates!.mandates[0]!.status).toBe('active');
    given(events).when(registered()).then([]);
  });

  it('fails when the borrower or the bank does not authorise it; a new one may then be started', () => {
    const events = after(
      active,
      start(),
      command('RecordMandateRegistration', {
        mandateId: 'm1',
        outcome: 'failed',
        providerReference: '',
        reason: 'Declined',
        businessDate: '2026-02-01',
      }),
    );
    expect(loanAfter(events).mandates!.mandates[0]).toMatchObject({ status: 'failed', failureReason: 'Declined' });
    expect(after(events, start('e-nach', 700_000, {}, 'm2')).at(-1)).toMatchObject({ type: 'MandateRegistrationStarted' });
  });
});

describe('presentations at close of business', () => {
  it('presents the instalment due today for what is owed on it, and never twice', () => {
    const amount = owedOn1(withMandate);
    given(withMandate)
      .when(present(DUE_1))
      .then([
        {
          type: 'InstalmentPresented',
          data: {
            loanId: LOAN_ID,
            at: atOn(DUE_1),
            actor: { id: 'system:close-of-business', role: 'staff' },
            presentationId: P1,
            mandateId: 'm1',
            instalmentNumber: 1,
            attempt: 1,
            amount,
            dueDate: DUE_1,
            presentedOn: DUE_1,
            idempotencyKey: P1,
          },
        },
      ]);
    given(after(withMandate, present(DUE_1)))
      .when(present(DUE_1))
      .then([]);
  });

  it('presents nothing before the due date or on a loan without an active mandate', () => {
    given(withMandate).when(present('2026-02-27')).then([]);
    given(after(active, start())).when(present(DUE_1)).then([]);
  });

  it('presents only what is still owed after a part payment', () => {
    const paid = after(
      withMandate,
      command('RecordPayment', {
        paymentId: 'cash-1',
        amount: 100_000,
        paidOn: '2026-02-10',
        method: 'cash',
        reference: '',
        businessDate: '2026-02-10',
      }),
      command('VerifyPayment', { paymentId: 'cash-1', businessDate: '2026-02-10' }, CHECKER),
    );
    const [event] = after(paid, present(DUE_1)).slice(paid.length);
    expect(event).toMatchObject({ type: 'InstalmentPresented', data: { amount: owedOn1(withMandate) - 100_000 } });
  });

  it("a presentation sent is recorded with the provider's acceptance, in one append", () => {
    const [presented] = after(withMandate, present(DUE_1)).slice(withMandate.length) as [InstalmentPresented];
    const accepted = presentationAccepted(presented, 'debit-1', atOn(DUE_1, '18:00:01'));
    expect(accepted).toEqual({
      type: 'PresentationSubmitted',
      data: {
        loanId: LOAN_ID,
        at: atOn(DUE_1, '18:00:01'),
        actor: presented.data.actor,
        presentationId: P1,
        providerPresentationId: 'debit-1',
      },
    });
    expect(loanAfter([...withMandate, presented, accepted]).mandates!.presentations).toEqual([
      expect.objectContaining({ presentationId: P1, status: 'submitted' }),
    ]);
  });

  it('a presentation the provider took while the loan was written meanwhile is recorded as sent, whatever the loan says now, once', () => {
    const [presented] = after(withMandate, present(DUE_1)).slice(withMandate.length) as [InstalmentPresented];
    const { loanId: _loan, at: _at, actor: _actor, ...presentation } = presented.data;
    const sent = (at: string) =>
      command('RecordPresentationSent', { presentation, providerPresentationId: 'debit-1' }, presented.data.actor, at);
    // The instalment was paid at the counter meanwhile: nothing would be presented now, but the debit is at the provider.
    const paid = after(
      withMandate,
      command('RecordPayment', {
        paymentId: 'cash-1',
        amount: owedOn1(withMandate),
        paidOn: DUE_1,
        method: 'cash',
        reference: '',
        businessDate: DUE_1,
      }),
      command('VerifyPayment', { paymentId: 'cash-1', businessDate: DUE_1 }, CHECKER),
    );
    given(paid).when(present(DUE_1)).then([]);
    const base = { loanId: LOAN_ID, at: atOn(DUE_1, '18:00:02'), actor: presented.data.actor };
    given(paid)
      .when(sent(atOn(DUE_1, '18:00:02')))
      .then([
        { type: 'InstalmentPresented', data: { ...base, ...presentation } },
        { type: 'PresentationSubmitted', data: { ...base, presentationId: P1, providerPresentationId: 'debit-1' } },
      ]);
    // Recorded already (as presented by the two-step path, or with its acceptance): only what is missing.
    given([...withMandate, presented])
      .when(sent(atOn(DUE_1, '18:00:02')))
      .then([{ type: 'PresentationSubmitted', data: { ...base, presentationId: P1, providerPresentationId: 'debit-1' } }]);
    given(after(paid, sent(atOn(DUE_1, '18:00:02'))))
      .when(sent(atOn(DUE_1, '18:00:03')))
      .then([]);
  });

  it('sends an instalment above the mandate maximum to manual collection instead, once', () => {
    const small = after(active, start('e-nach', 100_000), registered());
    const events = after(small, present(DUE_1)).slice(small.length);
    expect(events).toEqual([expect.objectContaining({ type: 'InstalmentSentToManualCollection' })]);
    expect(events[0]!.data).toMatchObject({ code: 'above-mandate-maximum', instalmentNumber: 1, attempt: 1 });
    given(after(small, present(DUE_1)))
      .when(present(DUE_1))
      .then([]);
  });

  it('sends an instalment due outside the mandate validity to manual collection', () => {
    const short = after(active, start('e-nach', 700_000, { validUntil: '2026-02-20' }), registered());
    const [event] = after(short, present(DUE_1)).slice(short.length);
    expect(event).toMatchObject({ type: 'InstalmentSentToManualCollection', data: { code: 'outside-mandate-validity' } });
  });

  it('UPI AutoPay: notifies two days ahead and presents once the notice is 24 hours old', () => {
    const upi = after(active, start('upi-autopay', 700_000), registered());
    const notified = after(upi, present('2026-02-26'));
    expect(notified.slice(upi.length)).toEqual([
      expect.objectContaining({
        type: 'PreDebitNotified',
        data: expect.objectContaining({ instalmentNumber: 1, attempt: 1, debitOn: DUE_1 }),
      }),
    ]);
    given(notified).when(present('2026-02-27')).then([]);
    const [presented] = after(notified, present(DUE_1)).slice(notified.length);
    expect(presented).toMatchObject({ type: 'InstalmentPresented', data: { instalmentNumber: 1, attempt: 1 } });
  });

  it('UPI AutoPay: a debit not notified in time is notified now and presented at a later run', () => {
    const upi = after(active, start('upi-autopay', 700_000), registered());
    const late = after(upi, present(DUE_1));
    expect(late.slice(upi.length).map((e) => e.type)).toEqual(['PreDebitNotified']);
    given(late).when(present(DUE_1, '19:00:00')).then([]);
    expect(after(late, present('2026-03-01')).at(-1)).toMatchObject({ type: 'InstalmentPresented', data: { presentedOn: '2026-03-01' } });
  });
});

describe('results of a presentation', () => {
  const presented = after(withMandate, present(DUE_1));

  it('a success is a payment with method nach applied by the normal allocation; a repeat adds nothing', () => {
    const events = after(presented, result(P1, 'succeeded', DUE_1)).slice(presented.length);
    expect(events.map((e) => e.type)).toEqual(['PresentationSucceeded', 'OnlinePaymentCreated', 'RepaymentApplied']);
    expect(events[2]!.data).toMatchObject({ method: 'nach', amount: owedOn1(withMandate), valueDate: DUE_1 });
    expect(owedOn1([...presented, ...events])).toBe(0);
    given([...presented, ...events])
      .when(result(P1, 'succeeded', DUE_1))
      .then([]);
    given([...presented, ...events])
      .when(result(P1, 'bounced', DUE_1, 'INSUFFICIENT_FUNDS'))
      .then([]);
  });

  it("a presentation, its acceptance and a UPI pre-debit notice move the loan's version, not its last move; the bank's result moves it", () => {
    const before = loanAfter(withMandate);
    const [sent] = after(withMandate, present(DUE_1)).slice(withMandate.length) as [InstalmentPresented];
    const accepted = presentationAccepted(sent, 'debit-1', atOn(DUE_1, '18:00:01'));
    const afterSending = loanAfter([...withMandate, sent, accepted]);
    expect(afterSending.version).toBe(before.version + 2);
    expect({ at: afterSending.updatedAt, actor: afterSending.lastActor, reason: afterSending.lastReason }).toEqual({
      at: before.updatedAt,
      actor: before.lastActor,
      reason: before.lastReason,
    });
    const upi = after(active, start('upi-autopay', 700_000), registered());
    const noticed = after(upi, present('2026-02-26'));
    expect(noticed.slice(upi.length).map((e) => e.type)).toEqual(['PreDebitNotified']);
    expect(loanAfter(noticed).updatedAt).toBe(loanAfter(upi).updatedAt);
    const bounced = loanAfter(after([...withMandate, sent, accepted], result(P1, 'bounced', DUE_1, 'INSUFFICIENT_FUNDS')));
    expect({ at: bounced.updatedAt, actor: bounced.lastActor }).toEqual({ at: atOn(DUE_1, '20:00:00'), actor: PROVIDER });
  });

  it("so the loan's row keeps its loan_state through them: only its version and mandates are written anew", () => {
    const before = loanAfter(withMandate);
    const [sent] = after(withMandate, present(DUE_1)).slice(withMandate.length) as [InstalmentPresented];
    const accepted = presentationAccepted(sent, 'debit-1', atOn(DUE_1, '18:00:01'));
    const afterSending = loanAfter([...withMandate, sent, accepted]);
    const stored = storedStateOf;
    expect(stored(afterSending).loan_state).toEqual(stored(before).loan_state);
    expect(stored(afterSending).mandates_state.presentations).toHaveLength(1);
    expect(loanStateOf(stored(afterSending))).toEqual(afterSending);
    const bounced = loanAfter(after([...withMandate, sent, accepted], result(P1, 'bounced', DUE_1, 'INSUFFICIENT_FUNDS')));
    expect(stored(bounced).loan_state).not.toEqual(stored(afterSending).loan_state);
    expect(loanStateOf(stored(bounced))).toEqual(bounced);
    const noMandate = loanAfter(active);
    expect(stored(noMandate).mandates_state).toBeNull();
    expect(loanStateOf(stored(noMandate))).toEqual(noMandate);
  });

  it('a bounce is charged (a penal charge) and re-presented after the product interval, with the charge owed', () => {
    const bounced = after(presented, result(P1, 'bounced', DUE_1, 'INSUFFICIENT_FUNDS'));
    const events = bounced.slice(presented.length);
    expect(events.map((e) => e.type)).toEqual(['PresentationBounced', 'BounceChargeApplied']);
    expect(events[0]!.data).toMatchObject({ reasonCode: 'INSUFFICIENT_FUNDS', nextAttemptOn: '2026-03-05' });
    expect(events[1]!.data).toMatchObject({ amount: DEFAULT_MANDATE_RULES.bounceCharge, instalmentNumber: 1 });
    expect(owedOn1(bounced)).toBe(owedOn1(withMandate) + DEFAULT_MANDATE_RULES.bounceCharge);
    given(bounced).when(present('2026-03-04')).then([]);
    const [again] = after(bounced, present('2026-03-05')).slice(bounced.length);
    expect(again).toMatchObject({
      type: 'InstalmentPresented',
      data: { presentationId: presentationIdOf(LOAN_ID, 1, 2), attempt: 2, amount: owedOn1(bounced) },
    });
  });

  it('a bounce whose reason makes presenting again pointless goes to manual collection', () => {
    const events = after(presented, result(P1, 'bounced', DUE_1, 'NO_SUCH_ACCOUNT')).slice(presented.length);
    expect(events.map((e) => e.type)).toEqual(['PresentationBounced', 'BounceChargeApplied', 'InstalmentSentToManualCollection']);
    expect(events[0]!.data).not.toHaveProperty('nextAttemptOn');
    expect(events[2]!.data).toMatchObject({ code: 'bounce-final', attempt: 2 });
  });

  it.each([
    ['MANDATE_CANCELLED', 'cancelled-at-bank', 'Mandate cancelled by the payer (MANDATE_CANCELLED)'],
    ['ACCOUNT_CLOSED', 'account-closed', 'Account closed or transferred (ACCOUNT_CLOSED)'],
  ])('when a presentation bounces with %s, the mandate is cancelled (%s) and nothing is presented again', (code, cause, reason) => {
    const bounced = after(presented, result(P1, 'bounced', DUE_1, code));
    const events = bounced.slice(presented.length);
    expect(events.map((e) => e.type)).toEqual([
      'PresentationBounced',
      'BounceChargeApplied',
      'InstalmentSentToManualCollection',
      'MandateCancelled',
    ]);
    expect(events[0]!.data).not.toHaveProperty('nextAttemptOn');
    expect(events[3]!.data).toEqual({
      loanId: LOAN_ID,
      at: atOn(DUE_1, '20:00:00'),
      actor: PROVIDER,
      reason,
      mandateId: 'm1',
      cause,
      by: PROVIDER.id,
    });
    // The loan falls back to manual payment: the next instalments are not presented, nor this one again.
    given(bounced).when(present('2026-03-05')).then([]);
    given(bounced).when(present('2026-03-31')).then([]);
    // The result delivered again appends nothing, the cancellation included.
    given(bounced)
      .when(result(P1, 'bounced', DUE_1, code))
      .then([]);
  });

  it('stops after the product number of presentations', () => {
    let events = presented;
    let date = DUE_1;
    for (let attempt = 1; attempt <= DEFAULT_MANDATE_RULES.maxPresentations; attempt += 1) {
      if (attempt > 1) events = after(events, present(date));
      events = after(events, result(presentationIdOf(LOAN_ID, 1, attempt), 'bounced', date, 'INSUFFICIENT_FUNDS'));
      date =
        (
          events.find((e) => e.type === 'PresentationBounced' && e.data.presentationId === presentationIdOf(LOAN_ID, 1, attempt))!.data as {
            nextAttemptOn?: string;
          }
        ).nextAttemptOn ?? date;
    }
    expect(events.at(-1)).toMatchObject({ type: 'InstalmentSentToManualCollection', data: { code: 'presentations-exhausted' } });
  });
});

describe("the product version's auto-debit settings", () => {
  /** The same loan, applied under a version charging ₹250 per bounce, presenting once more, 3 days after. */
  const pinnedTo = (history: LoanEvent[], settings: object): LoanEvent[] => {
    const [first, ...rest] = history;
    const terms = { ...pinnedTerms(defaultProductParameters(DEFAULT_PRODUCT_SETTINGS, 'EMI')), ...settings };
    return [{ ...first!, data: { ...first!.data, productId: 'p1', productVersion: 2, productTerms: terms } } as LoanEvent, ...rest];
  };
  const presented = after(withMandate, present(DUE_1));
  const custom = pinnedTo(presented, { mandateBounceCharge: 25_000, mandateRepresentations: 1, mandateRepresentAfterDays: 3 });

  it('given terms pinned before the settings existed, the defaults apply (₹500, 3 presentations, 5 days)', () => {
    expect(mandateRulesOf(undefined)).toEqual(DEFAULT_MANDATE_RULES);
    expect(mandateRulesOf({ mandateBounceCharge: 0 })).toEqual({ ...DEFAULT_MANDATE_RULES, bounceCharge: 0 });
    expect(DEFAULT_MANDATE_RULES).toEqual({ bounceCharge: 50_000, maxPresentations: 3, representAfterDays: 5 });
  });

  it("when a presentation bounces, the version's charge and interval apply; after its one re-presentation, manual collection", () => {
    const bounced = after(custom, result(P1, 'bounced', DUE_1, 'INSUFFICIENT_FUNDS'));
    const events = bounced.slice(custom.length);
    expect(events[0]!.data).toMatchObject({ nextAttemptOn: '2026-03-03' });
    expect(events[1]).toMatchObject({ type: 'BounceChargeApplied', data: { amount: 25_000 } });
    const again = after(bounced, present('2026-03-03'));
    const last = after(again, result(presentationIdOf(LOAN_ID, 1, 2), 'bounced', '2026-03-03', 'INSUFFICIENT_FUNDS')).slice(again.length);
    expect(last.map((e) => e.type)).toEqual(['PresentationBounced', 'BounceChargeApplied', 'InstalmentSentToManualCollection']);
    expect(last[2]).toMatchObject({ data: { code: 'presentations-exhausted' } });
  });

  it('given no bounce charge, a bounce charges nothing', () => {
    const free = pinnedTo(presented, { mandateBounceCharge: 0 });
    const events = after(free, result(P1, 'bounced', DUE_1, 'INSUFFICIENT_FUNDS')).slice(free.length);
    expect(events.map((e) => e.type)).toEqual(['PresentationBounced']);
  });
});

describe('mandate lifecycle', () => {
  const pauseAsked = after(withMandate, command('RequestMandatePause', { mandateId: 'm1', reason: 'Hardship review' }));

  it('a pause is asked by one person and approved by another', () => {
    given(pauseAsked)
      .when(command('ApproveMandatePause', { mandateId: 'm1' }))
      .thenThrows(SamePerson);
    given(pauseAsked)
      .when(command('ApproveMandatePause', { mandateId: 'm1' }, CHECKER))
      .then([
        { type: 'MandatePaused', data: { loanId: LOAN_ID, at: atOn('2026-02-01'), actor: CHECKER, mandateId: 'm1', by: CHECKER.id } },
      ]);
  });

  it('while paused, an instalment due goes to manual collection with the reason; resumed, the next one is presented', () => {
    const paused = after(pauseAsked, command('ApproveMandatePause', { mandateId: 'm1' }, CHECKER));
    const [event] = after(paused, present(DUE_1)).slice(paused.length);
    expect(event).toMatchObject({ type: 'InstalmentSentToManualCollection', data: { code: 'mandate-paused' } });
    const resumed = after(paused, present(DUE_1), command('ResumeMandate', { mandateId: 'm1' }, CHECKER));
    expect(after(resumed, present('2026-03-31')).at(-1)).toMatchObject({ type: 'InstalmentPresented', data: { instalmentNumber: 2 } });
  });

  it("the provider's notice of a cancellation at the borrower's bank cancels it with the bank's words, once", () => {
    const notice = command(
      'CancelMandate',
      { mandateId: 'm1', cause: 'cancelled-at-bank', reason: 'Cancelled at the bank: revoked' },
      PROVIDER,
    );
    const cancelled = after(withMandate, notice);
    expect(cancelled.at(-1)).toMatchObject({
      type: 'MandateCancelled',
      data: { cause: 'cancelled-at-bank', reason: 'Cancelled at the bank: revoked', by: PROVIDER.id },
    });
    given(cancelled).when(notice).then([]);
    given(cancelled).when(present(DUE_1)).then([]);
  });

  it('is cancelled once (the borrower asks, or the loan closes); nothing is presented after', () => {
    const cancelled = after(withMandate, command('CancelMandate', { mandateId: 'm1', cause: 'borrower-request' }, BORROWER));
    expect(cancelled.at(-1)).toMatchObject({ type: 'MandateCancelled', data: { cause: 'borrower-request', by: BORROWER.id } });
    given(cancelled)
      .when(command('CancelMandate', { mandateId: 'm1', cause: 'loan-closed' }))
      .then([]);
    given(cancelled).when(present(DUE_1)).then([]);
  });
});
