import type { Amounts, Instalment, InstalmentPaidState } from './servicing.types.js';

/**
 * An instalment while a fold runs over it. The fold owns a fresh set of these per call and
 * changes them in place; callers only ever see the frozen `Instalment` copies.
 */
export type WorkingInstalment = Omit<Instalment, 'status' | 'paidOn'> & { paidOn: string | null };

export type Component = keyof Amounts;

const PAID: Record<Component, 'paidPrincipal' | 'paidInterest' | 'paidFees' | 'paidPenalties'> = {
  principal: 'paidPrincipal',
  interest: 'paidInterest',
  fees: 'paidFees',
  penalties: 'paidPenalties',
};

const WAIVED: Record<Component, 'waivedInterest' | 'waivedFees' | 'waivedPenalties' | null> = {
  principal: null,
  interest: 'waivedInterest',
  fees: 'waivedFees',
  penalties: 'waivedPenalties',
};

/** Penalties, fees, interest, principal: Fineract's order within one instalment. */
export const PAYMENT_ORDER: readonly Component[] = ['penalties', 'fees', 'interest', 'principal'];

export const zeroAmounts = (): Amounts => ({ principal: 0, interest: 0, fees: 0, penalties: 0 });

export function newInstalment(number: number, dueDate: string, principal: number, interest: number): WorkingInstalment {
  return {
    number,
    dueDate,
    principal,
    interest,
    fees: 0,
    penalties: 0,
    paidPrincipal: 0,
    paidInterest: 0,
    paidFees: 0,
    paidPenalties: 0,
    waivedInterest: 0,
    waivedFees: 0,
    waivedPenalties: 0,
    paidOn: null,
    closedOut: null,
  };
}

/** What is still owed of one component: due less paid less waived (field by field: the fold asks this by the million). */
export function owed(line: WorkingInstalment, component: Component): number {
  switch (component) {
    case 'principal':
      return line.principal - line.paidPrincipal;
    case 'interest':
      return line.interest - line.paidInterest - line.waivedInterest;
    case 'fees':
      return line.fees - line.paidFees - line.waivedFees;
    case 'penalties':
      return line.penalties - line.paidPenalties - line.waivedPenalties;
  }
}

/** Everything still owed on the instalment (integer minor units, so the order of the sum does not matter). */
export function owedTotal(line: WorkingInstalment): number {
  return (
    line.penalties -
    line.paidPenalties -
    line.waivedPenalties +
    (line.fees - line.paidFees - line.waivedFees) +
    (line.interest - line.paidInterest - line.waivedInterest) +
    (line.principal - line.paidPrincipal)
  );
}

/** Pays up to `amount` of one component, adds it to `into`, and answers what is left. */
export function pay(line: WorkingInstalment, component: Component, amount: number, into: Amounts): number {
  const paid = Math.min(amount, owed(line, component));
  if (paid <= 0) return amount;
  line[PAID[component]] += paid;
  into[component] += paid;
  return amount - paid;
}

/** Pays one instalment in Fineract's order; answers what is left of `amount`. */
export function payInstalment(line: WorkingInstalment, amount: number, into: Amounts): number {
  return PAYMENT_ORDER.reduce((rest, component) => pay(line, component, rest, into), amount);
}

export function waive(line: WorkingInstalment, component: Exclude<Component, 'principal'>, amount: number): number {
  const waived = Math.min(amount, Math.max(0, owed(line, component)));
  line[WAIVED[component]!] += waived;
  return waived;
}

/** Moves the fees and penalties (with what was paid or waived of them) of `from` onto `into`. */
export function mergeCharges(into: WorkingInstalment, from: WorkingInstalment): void {
  into.fees += from.fees;
  into.paidFees += from.paidFees;
  into.waivedFees += from.waivedFees;
  into.penalties += from.penalties;
  into.paidPenalties += from.paidPenalties;
  into.waivedPenalties += from.waivedPenalties;
}

export function instalmentStatus(line: WorkingInstalment): InstalmentPaidState {
  if (owedTotal(line) === 0) return 'paid';
  const touched =
    line.paidPrincipal +
    line.paidInterest +
    line.paidFees +
    line.paidPenalties +
    line.waivedInterest +
    line.waivedFees +
    line.waivedPenalties;
  return touched > 0 ? 'partial' : 'upcoming';
}

export function toInstalment(line: WorkingInstalment): Instalment {
  // Object.assign, not `{ ...line, status }`: this runs for every instalment of every fold (docs/architecture.md, "Objects on the hot paths").
  return Object.assign({}, line, { status: instalmentStatus(line), paidOn: line.paidOn });
}
