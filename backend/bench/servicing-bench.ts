/**
 * Servicing (issue 12): the payment commands over HTTP (a staff member records a payment, a second one verifies it,
 * which allocates it) and the re-allocation of a 36-instalment loan after a back-dated payment, both in the pure fold
 * and over HTTP. Each figure comes with its peer from the same run: the fold of the same loan with its payments in
 * order, and the verify of a payment on a loan with nothing to re-allocate.
 */
import type { INestApplication } from '@nestjs/common';
import { LoanCommandExecutor } from '../src/lending/loan/application/loan-command-executor.js';
import { serviceLoan } from '../src/lending/loan/domain/schedule/loan-servicing.js';
import type { ServicingEvent, ServicingTerms } from '../src/lending/loan/domain/schedule/servicing.types.js';
import type { ApiClient } from './api-client.js';
import { LeanClient } from './lean-client.js';
import { forEachConcurrently, median, percentile, type Figure } from './measure.js';

export type ServicingBenchContext = {
  api: ApiClient;
  app: INestApplication;
  figures: Figure[];
  quick: boolean;
  log: (line: string) => void;
};

export function servicingSizes(quick: boolean) {
  return quick ? { loans: 48, clients: 8, backdatedLoans: 4, foldMs: 300 } : { loans: 600, clients: 16, backdatedLoans: 12, foldMs: 3_000 };
}

/** Monthly payments made on the 36-instalment loans before the back-dated one arrives. */
const PAYMENTS_BEFORE = 23;

// ---------------------------------------------------------------------------------------------------------------
// The pure fold.

const TERMS: ServicingTerms = {
  loanType: 'EMI',
  principal: 50_000_000,
  annualRatePercent: 18,
  months: 36,
  disbursedOn: '2024-01-05',
  firstDueDate: '2024-02-05',
  anchorDay: 5,
  fee: 1_000_000,
  strategy: 'mifos-standard',
  prepaymentMode: 'reduceTenure',
};

/** Loans re-folded per second over about `ms` milliseconds of work (after a warm-up). */
function foldsPerSecond(events: readonly ServicingEvent[], ms: number): number {
  for (let i = 0; i < 50; i++) serviceLoan(TERMS, events);
  let folds = 0;
  const started = performance.now();
  while (performance.now() - started < ms) {
    for (let i = 0; i < 20; i++) serviceLoan(TERMS, events);
    folds += 20;
  }
  return folds / ((performance.now() - started) / 1000);
}

function benchmarkFold(ctx: ServicingBenchContext): void {
  const { foldMs } = servicingSizes(ctx.quick);
  const schedule = serviceLoan(TERMS, []).instalments;
  const onTime: ServicingEvent[] = schedule.slice(0, PAYMENTS_BEFORE).map((line, i) => ({
    type: 'RepaymentApplied',
    paymentId: `p${i + 1}`,
    valueDate: line.dueDate,
    amount: line.principal + line.interest + line.fees + line.penalties,
  }));
  // A part prepayment dated between the 2nd and 3rd due dates that reaches the log after all 23: every later payment re-allocates.
  const backdated: ServicingEvent[] = [
    ...onTime,
    { type: 'RepaymentApplied', paymentId: 'late-entry', valueDate: '2024-03-20', amount: 2_000_000 },
  ];
  const before = serviceLoan(TERMS, onTime);
  const after = serviceLoan(TERMS, backdated);
  if (JSON.stringify(before.instalments) === JSON.stringify(after.instalments))
    throw new Error('the back-dated payment changed no allocation: the fold benchmark would measure nothing');
  const inOrder = foldsPerSecond(onTime, foldMs);
  const reallocated = foldsPerSecond(backdated, foldMs);
  ctx.figures.push(
    {
      name: 'servicing_reallocate_36_after_backdated_per_s',
      value: reallocated,
      unit: 'loans/s',
      note: `serviceLoan: 36 instalments, ${PAYMENTS_BEFORE} payments, then one dated before 22 of them; one core`,
    },
    {
      name: 'servicing_fold_36_in_order_per_s',
      value: inOrder,
      unit: 'loans/s',
      note: `the peer: the same loan, its ${PAYMENTS_BEFORE} payments in order`,
    },
    {
      name: 'servicing_reallocate_vs_in_order',
      value: reallocated / inOrder,
      unit: 'ratio',
      note: 'a back-dated payment costs one ordinary fold (1.0 = no extra cost)',
    },
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Over HTTP.

type Session = { token: string; id: string };

async function signUpBorrower(api: ApiClient, n: number): Promise<Session> {
  const suffix = `${Date.now() % 1_000_000}${n}`.padStart(8, '0');
  const answer = await api.call('POST', '/api/auth/register', {
    expect: 201,
    body: {
      name: `Servicing Borrower ${n}`,
      email: `servicing.borrower.${suffix}@example.com`,
      phone: `+9197${suffix.slice(-8)}`,
      password: 'bench-borrower-password',
    },
  });
  // The Bank section approve-bank reads (verified by hand below: the bench runs in production mode, where no penny-drop provider is wired).
  await api.call('PUT', '/api/me/profile/bank', {
    token: answer.body.token,
    body: { holderName: `Servicing Borrower ${n}`, accountNumber: '123456789012', ifsc: 'HDFC0001234', accountType: 'savings' },
  });
  return { token: answer.body.token, id: answer.body.user.id };
}

/**
 * Step 6 without its SMS: the bench runs in production mode, where the SMS log keeps one-time codes redacted (no
 * secret in a log), so the signature is recorded through the command executor, with the evidence the API records
 * once the code has been checked. Every other step goes through HTTP.
 */
async function signAgreement(ctx: ServicingBenchContext, loanId: string, documentHash: string, borrower: Session): Promise<void> {
  const at = new Date().toISOString();
  const evidence = {
    channel: 'portal' as const,
    code: { purpose: 'e-sign' as const, phone: 'XXXXXX0000', verifiedAt: at },
    ip: '127.0.0.1',
    userAgent: 'lending-bench',
  };
  await ctx.app
    .get(LoanCommandExecutor)
    .execute({ type: 'SignAgreement', data: { loanId, actor: { id: borrower.id, role: 'borrower' }, at, documentHash, evidence } });
}

/** An active loan made through the API as a borrower and staff would: the eight steps of the pipeline. */
async function activeLoan(
  ctx: ServicingBenchContext,
  borrower: Session,
  staff: string,
  body: Record<string, unknown>,
  disbursedOn: string,
): Promise<string> {
  const { api } = ctx;
  const id = (await api.call('POST', '/api/me/loans', { token: borrower.token, body, expect: 201 })).body.id as string;
  await api.call('POST', `/api/me/loans/${id}/submit`, { token: borrower.token });
  await api.call('POST', `/api/admin/loans/${id}/accept`, { token: staff, body: {} });
  await api.call('POST', `/api/admin/loans/${id}/approve-soft`, { token: staff, body: { score: 742 } });
  await api.call('POST', `/api/admin/loans/${id}/approve-bank`, {
    token: staff,
    body: { method: 'manual', reason: 'Benchmark: a cancelled cheque seen by staff' },
  });
  const issued = await api.call('POST', `/api/admin/loans/${id}/issue-agreement`, { token: staff, body: {} });
  await signAgreement(ctx, id, issued.body.agreement.documentHash as string, borrower);
  await api.call('POST', `/api/admin/loans/${id}/approve-final`, { token: staff, body: {} });
  const active = await api.call('POST', `/api/admin/loans/${id}/disburse`, {
    token: staff,
    body: { payoutReference: `UTR${id.slice(0, 8).toUpperCase()}`, disbursedOn },
  });
  if (active.body.state !== 'active') throw new Error(`seeding: loan ${id} is in ${active.body.state} after disbursal`);
  return id;
}

type Timed = { status: number; body: any; milliseconds: number };

/** Runs `request` for every item from `clients` concurrent clients: throughput and latencies. */
async function measure<T>(items: readonly T[], clients: number, request: (item: T) => Promise<Timed>, expect: number) {
  const latencies: number[] = [];
  const answers: any[] = new Array(items.length);
  const started = performance.now();
  await forEachConcurrently(items, clients, async (item, i) => {
    const answer = await request(item);
    if (answer.status !== expect)
      throw new Error(`answered ${answer.status} instead of ${expect}: ${JSON.stringify(answer.body).slice(0, 200)}`);
    latencies.push(answer.milliseconds);
    answers[i] = answer.body;
  });
  const seconds = (performance.now() - started) / 1000;
  return {
    perSecond: items.length / seconds,
    p50: median(latencies),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    answers,
  };
}

async function benchmarkPaymentsOverHttp(ctx: ServicingBenchContext, staffToken: string): Promise<void> {
  const { loans, clients, backdatedLoans } = servicingSizes(ctx.quick);
  const { api } = ctx;
  // The checker: a second staff member (operations managers record and verify; maker-checker refuses the recorder).
  const checker = {
    name: 'Bench Checker',
    email: `bench.checker.${Date.now()}@lending.local`,
    password: 'bench-checker-password',
    roleId: 'operations-manager',
  };
  await api.call('POST', '/api/admin/users', { token: staffToken, body: checker, expect: 201 });
  const checkerToken = (
    await api.call('POST', '/api/auth/login', { body: { email: checker.email, password: checker.password, deviceId: 'bench-checker' } })
  ).body.token as string;
  const today = (await api.call('GET', '/api/admin/business-date', { token: staffToken })).body.date as string;

  const borrowers: Session[] = [];
  for (let n = 1; n <= 8; n++) borrowers.push(await signUpBorrower(api, n));
  ctx.log(`Seeding ${loans} active 12-month loans through the API (the eight pipeline steps each)`);
  const loanIds: string[] = [];
  await forEachConcurrently(
    Array.from({ length: loans }, (_, i) => i),
    clients,
    async (i) => {
      loanIds.push(
        await activeLoan(ctx, borrowers[i % borrowers.length], staffToken, { type: 'EMI', amount: 10_000_000, tenureMonths: 12 }, today),
      );
      if (loanIds.length % 200 === 0) ctx.log(`  ${loanIds.length}/${loans} active`);
    },
  );

  const lean = new LeanClient(api.baseUrl, clients);
  try {
    const record = await measure(
      loanIds,
      clients,
      (id) =>
        lean.post(`/api/admin/loans/${id}/payments`, staffToken, {
          amount: 500_000,
          paidOn: today,
          method: 'cash',
          reference: `RCPT-${id.slice(0, 8)}`,
        }),
      201,
    );
    const paymentIds = record.answers.map((p: { id: string }) => p.id);
    const verify = await measure(paymentIds, clients, (id) => lean.post(`/api/admin/payments/${id}/verify`, checkerToken, {}), 200);
    if (verify.answers.some((p: { status: string }) => p.status !== 'applied')) throw new Error('a verified payment is not applied');
    ctx.figures.push(
      {
        name: 'payment_record_http_per_s',
        value: record.perSecond,
        unit: 'commands/s',
        note: `POST /api/admin/loans/:id/payments, ${loans} loans, ${clients} clients`,
      },
      {
        name: 'payment_record_http_p99_ms',
        value: record.p99,
        unit: 'ms',
        note: `p50 ${record.p50.toFixed(1)}, p95 ${record.p95.toFixed(1)}`,
      },
      {
        name: 'payment_verify_http_per_s',
        value: verify.perSecond,
        unit: 'commands/s',
        note: `POST /api/admin/payments/:id/verify (allocates), ${clients} clients`,
      },
      {
        name: 'payment_verify_http_p99_ms',
        value: verify.p99,
        unit: 'ms',
        note: `p50 ${verify.p50.toFixed(1)}, p95 ${verify.p95.toFixed(1)}`,
      },
    );

    // 36-month loans disbursed two years ago, 23 instalments paid on their due dates; then a payment dated before
    // 22 of them is verified: the loan re-allocates every later payment. The peer is the verify above.
    const [year, month, day] = today.split('-').map(Number);
    const disbursedOn = `${year - 2}-${String(month).padStart(2, '0')}-${String(Math.min(day, 28)).padStart(2, '0')}`;
    ctx.log(
      `Seeding ${backdatedLoans} active 36-month loans disbursed on ${disbursedOn}, each with ${PAYMENTS_BEFORE} instalments paid (record and verify)`,
    );
    const long: string[] = [];
    for (let i = 0; i < backdatedLoans; i++) {
      const id = await activeLoan(
        ctx,
        borrowers[i % borrowers.length],
        staffToken,
        { type: 'EMI', amount: 50_000_000, tenureMonths: 36 },
        disbursedOn,
      );
      const loan = (await api.call('GET', `/api/admin/loans/${id}`, { token: staffToken })).body as {
        instalments: { dueDate: string; principal: number; interest: number; fees: number; penalties: number }[];
      };
      for (const line of loan.instalments.slice(0, PAYMENTS_BEFORE)) {
        const payment = (
          await api.call('POST', `/api/admin/loans/${id}/payments`, {
            token: staffToken,
            expect: 201,
            body: {
              amount: line.principal + line.interest + line.fees + line.penalties,
              paidOn: line.dueDate,
              method: 'bankTransfer',
              reference: `UTR-${line.dueDate}`,
            },
          })
        ).body;
        await api.call('POST', `/api/admin/payments/${payment.id}/verify`, { token: checkerToken, body: {} });
      }
      long.push(id);
    }
    const late = await Promise.all(
      long.map(async (id) => {
        const loan = (await api.call('GET', `/api/admin/loans/${id}`, { token: staffToken })).body as {
          instalments: { dueDate: string }[];
        };
        const between = loan.instalments[1]!.dueDate.slice(0, 8) + '20';
        return (
          await api.call('POST', `/api/admin/loans/${id}/payments`, {
            token: staffToken,
            expect: 201,
            body: { amount: 2_000_000, paidOn: between, method: 'cheque', reference: 'CHQ-LATE-ENTRY' },
          })
        ).body.id as string;
      }),
    );
    // One at a time: the figure is the latency of one re-allocating command, not throughput.
    const backdated = await measure(late, 1, (id) => lean.post(`/api/admin/payments/${id}/verify`, checkerToken, {}), 200);
    const fresh = await measure(
      await Promise.all(
        loanIds.slice(0, backdatedLoans).map(
          async (id) =>
            (
              await api.call('POST', `/api/admin/loans/${id}/payments`, {
                token: staffToken,
                expect: 201,
                body: { amount: 100_000, paidOn: today, method: 'cash', reference: '' },
              })
            ).body.id as string,
        ),
      ),
      1,
      (id) => lean.post(`/api/admin/payments/${id}/verify`, checkerToken, {}),
      200,
    );
    ctx.figures.push(
      {
        name: 'payment_verify_backdated_36_p50_ms',
        value: backdated.p50,
        unit: 'ms',
        note: `verify of a payment dated before ${PAYMENTS_BEFORE - 1} applied ones on a 36-instalment loan (re-allocates them), ${backdatedLoans} loans, one at a time`,
      },
      {
        name: 'payment_verify_single_p50_ms',
        value: fresh.p50,
        unit: 'ms',
        note: 'the peer: verify on a loan with one earlier payment, one at a time',
      },
      {
        name: 'payment_verify_backdated_vs_single',
        value: backdated.p50 / fresh.p50,
        unit: 'ratio',
        note: 'what re-allocating 22 later payments adds to a verify',
      },
    );
  } finally {
    lean.close();
  }
}

export async function benchmarkServicing(ctx: ServicingBenchContext, staffToken: string): Promise<void> {
  // HTTP first: the fold keeps the event loop busy for seconds, long enough for the server to close the client's
  // idle kept-alive sockets under it (the next request would then fail with "other side closed").
  ctx.log('Servicing: payment commands over HTTP');
  await benchmarkPaymentsOverHttp(ctx, staffToken);
  ctx.log('Servicing: the pure fold of a 36-instalment loan, in order and after a back-dated payment');
  benchmarkFold(ctx);
}
