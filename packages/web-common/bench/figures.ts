import { appendFileSync } from 'node:fs';

/** The first staff user of the benchmark's backend (ADMIN_EMAIL / ADMIN_PASSWORD on its empty database). */
export const BENCH_STAFF = { email: 'admin@bench-frontend.local', password: 'admin-bench-frontend-password' };

/** One figure, printed as a JSON line by run.mjs: the shape `npm run bench` prints. */
export type Figure = { name: string; value: number; unit: string; note?: string };

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Appends figures to BENCH_OUT (run.mjs reads it once Playwright is done), else prints them. */
export function record(...figures: Figure[]): void {
  const lines = figures.map((f) => `${JSON.stringify({ ...f, value: round(f.value, f.unit === 'ratio' ? 2 : 1) })}\n`).join('');
  if (process.env.BENCH_OUT) appendFileSync(process.env.BENCH_OUT, lines);
  else process.stdout.write(lines);
}

/** A measured figure and its ratio to the goal (≤ 1 meets it), the goal in the ratio's note. */
export function againstGoal(name: string, value: number, unit: string, goal: number, note: string): Figure[] {
  return [
    { name, value, unit, note },
    { name: `${name.replace(/_(ms|kb)$/, '')}_vs_goal`, value: value / goal, unit: 'ratio', note: `goal ≤ ${goal} ${unit}` },
  ];
}
