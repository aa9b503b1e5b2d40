/**
 * The domain's own CPU, in process (issue 30, session 27): what a loan's fold and the staff view cost per event and
 * per answer, and beside them the cost this Node's V8 charges for a key an object literal adds after a spread
 * (`{ ...loan, score }`) against the same key added by Object.assign, measured in the same run. No database, no HTTP.
 */
import type { ProductSettings } from '../src/platform/config/product-settings.js';
import { loanView } from '../src/lending/loan/application/queries/loan.view.js';
import type { LoanEvent } from '../src/lending/loan/domain/loan.events.js';
import { evolve, initialLoanState, type LoanRecord, type LoanState } from '../src/lending/loan/domain/loan.state.js';
import { LoanHistoryGenerator } from './loan-histories.js';
import { median, tidy, type Figure } from './measure.js';

export type DomainBenchContext = { figures: Figure[]; quick: boolean; product: ProductSettings; log: (line: string) => void };

/** µs per call of `f` over `calls` calls, median of `rounds` rounds, after a warm-up that lets V8 optimise it. */
function microseconds<T>(inputs: readonly T[], f: (input: T) => unknown, calls: number, rounds = 5): number {
  let sink: unknown;
  for (let i = 0; i < calls; i++) sink = f(inputs[i % inputs.length]!);
  const perRound: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const started = performance.now();
    for (let i = 0; i < calls; i++) sink = f(inputs[i % inputs.length]!);
    perRound.push(((performance.now() - started) * 1000) / calls);
  }
  if (sink === Symbol.for('never')) throw new Error('unreachable: keeps the calls from being optimised away');
  return median(perRound);
}

export function benchmarkDomain(ctx: DomainBenchContext): void {
  const calls = ctx.quick ? 20_000 : 200_000;
  const generator = new LoanHistoryGenerator({ borrowerIds: ['bench-borrower'], staffIds: ['bench-staff'] }, ctx.product, 30);
  const histories: LoanEvent[][] = Array.from({ length: ctx.quick ? 300 : 2_000 }, () => generator.next().steps.map((s) => s.event));
  const events = histories.reduce((n, h) => n + h.length, 0);
  const fold = (history: LoanEvent[]) => history.reduce<LoanState>(evolve, initialLoanState);
  const pending = Array.from({ length: 200 }, () => fold(generator.next('soft.pending').steps.map((s) => s.event)) as LoanRecord);

  // The same four keys added to a copy of a 13-key object: after a spread in a literal, and by Object.assign.
  const objects = pending.map((l) => ({ ...l }));
  const spread = microseconds(objects, (o) => ({ ...o, k1: 1, k2: 2, k3: 3, k4: 4 }), calls) / 4;
  const assigned = microseconds(objects, (o) => Object.assign({}, o, { k1: 1, k2: 2, k3: 3, k4: 4 }), calls) / 4;
  const overwrite = microseconds(objects, (o) => ({ ...o, status: o.status, version: o.version + 1 }), calls);
  const view = microseconds(pending, (l) => loanView(l, 'INR'), calls);
  const foldRounds = ctx.quick ? 3 : 10;
  const evolvePerEvent = (microseconds(histories, fold, histories.length * foldRounds) * histories.length) / events;

  ctx.log(
    `  a key added after a spread ${spread.toFixed(3)} µs, by Object.assign ${assigned.toFixed(3)} µs; a spread that only overwrites two keys ${overwrite.toFixed(3)} µs; the staff view ${view.toFixed(2)} µs; the fold ${evolvePerEvent.toFixed(2)} µs an event (${events} events)`,
  );
  const note = `median of 5 rounds of ${calls} calls in process`;
  ctx.figures.push(
    { name: 'domain_object_spread_new_key_us', value: tidy(spread), unit: 'µs', note: `{ ...o, k1, k2, k3, k4 } ÷ 4, ${note}` },
    {
      name: 'domain_object_assign_new_key_us',
      value: tidy(assigned),
      unit: 'µs',
      note: `Object.assign({}, o, { k1, k2, k3, k4 }) ÷ 4, ${note}`,
    },
    {
      name: 'domain_spread_new_key_vs_assign',
      value: tidy(spread / assigned),
      unit: 'ratio',
      note: 'why the hot paths never add keys after a leading spread',
    },
    { name: 'domain_staff_view_us', value: tidy(view), unit: 'µs', note: `loanView of a loan in soft.pending, ${note}` },
    {
      name: 'domain_evolve_us_per_event',
      value: tidy(evolvePerEvent),
      unit: 'µs',
      note: `${histories.length} generated histories (${events} events) folded ${foldRounds} times a round, median of 5 rounds`,
    },
  );
}
