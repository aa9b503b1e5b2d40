import { FieldProblems } from '../../../loan/domain/loan-input.validation.js';

/**
 * The Annual Percentage Rate of the RBI's circular on Key Facts Statements (RBI/2024-25/18,
 * DOR.STR.REC.13/13.03.00/2024-25, 15 April 2024, para 3(c) and Annex B): the annual cost of credit to the borrower,
 * interest and every fee included, computed on the NET DISBURSED amount (the sanctioned amount less the fees and
 * charges deducted or paid up front) by the IRR approach on the reducing balance: the monthly rate r at which the
 * instalments, discounted month by month, are worth the net disbursed amount, annualised as r × 12.
 *
 * Exact arithmetic: the cash flows are integer minor units and every candidate rate is a rational number
 * (basis points / 120,000 a month), so the present value is compared with the net disbursed amount in BigInt and
 * never rounded. The answer is the APR rounded half up to hundredths of a per cent (basis points).
 */
export type AprInput = {
  /** Minor units the borrower actually receives (sanctioned amount less the fees charged at the start). */
  netDisbursed: number;
  /** Minor units of each instalment, in order; instalment k falls due k months after disbursal. */
  instalments: readonly number[];
};

/** Half basis points a year (0.005 % steps) searched: up to 10,000 % a year, which no lawful loan approaches. */
const MAX_HALF_BASIS_POINTS = 2_000_000n;
/** A monthly rate of h half basis points a year is h / (2 × 10,000 × 12). */
const HALF_BP_PER_UNIT_MONTHLY = 240_000n;

/** Whether the instalments discounted at `halfBp` (half basis points a year) are worth at least the net disbursed. */
function presentValueCovers(halfBp: bigint, input: AprInput): boolean {
  // r = halfBp / D; 1 + r = (D + halfBp) / D. Σ P_k / (1+r)^k ≥ N  ⇔  Σ P_k · D^k · (D+h)^(n-k) ≥ N · (D+h)^n.
  const d = HALF_BP_PER_UNIT_MONTHLY;
  const up = d + halfBp;
  const n = input.instalments.length;
  let lhs = 0n;
  let dPow = 1n;
  const upPows: bigint[] = [1n];
  for (let i = 1; i <= n; i++) upPows.push(upPows[i - 1]! * up);
  for (let k = 1; k <= n; k++) {
    dPow *= d;
    lhs += BigInt(input.instalments[k - 1]!) * dPow * upPows[n - k]!;
  }
  return lhs >= BigInt(input.netDisbursed) * upPows[n]!;
}

function validate(input: AprInput): void {
  const problems = new FieldProblems();
  problems.requireInteger('netDisbursed', input.netDisbursed, 1, Number.MAX_SAFE_INTEGER);
  if (!Array.isArray(input.instalments) || input.instalments.length === 0 || input.instalments.length > 600) {
    problems.add('instalments', 'instalments must list between 1 and 600 amounts');
  } else if (!input.instalments.every((p) => Number.isSafeInteger(p) && p >= 0)) {
    problems.add('instalments', 'every instalment must be a non-negative whole number of minor units');
  }
  problems.throwIfAny();
}

/**
 * The APR in basis points (3701 = 37.01 % a year), rounded half up. 0 when the instalments repay no more than the net
 * disbursed amount.
 */
export function annualPercentageRateBasisPoints(input: AprInput): number {
  validate(input);
  if (!presentValueCovers(1n, input)) return 0;
  // Largest h (half basis points a year) whose present value still covers the net disbursed: the rate lies in [h, h+1).
  let lo = 1n;
  let hi = MAX_HALF_BASIS_POINTS;
  if (presentValueCovers(hi, input)) return Number(hi / 2n);
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (presentValueCovers(mid, input)) lo = mid;
    else hi = mid;
  }
  // In hundredths of a per cent the rate t is in [lo/2, (lo+1)/2): rounded half up that is ceil(lo / 2).
  return Number((lo + 1n) / 2n);
}

/** "37.01" for 3701 basis points. */
export function formatBasisPoints(bp: number): string {
  return `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}
