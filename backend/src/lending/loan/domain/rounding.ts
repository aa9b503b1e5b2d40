// 1e-9 absorbs the noise of small computations; the relative term covers large amounts,
// where one unit in the last place of a double already exceeds 1e-9 (about 1.5e-8 at 1e8).
const ABSOLUTE_TOLERANCE = 1e-9;
const RELATIVE_TOLERANCE = 8 * Number.EPSILON;

/**
 * Rounds to an integer, ties to even (banker's rounding, Apache Fineract's default), so
 * rounding errors do not drift one way over many instalments. A value that is a tie up
 * to floating-point noise counts as a tie.
 */
export function roundHalfEven(x: number): number {
  const floor = Math.floor(x);
  const tolerance = Math.max(ABSOLUTE_TOLERANCE, Math.abs(x) * RELATIVE_TOLERANCE);
  if (Math.abs(x - floor - 0.5) <= tolerance) {
    return floor % 2 === 0 ? floor + 0 : floor + 1;
  }
  // `+ 0` turns -0 into 0, so amounts compare and serialise as plain zero.
  return Math.round(x) + 0;
}
