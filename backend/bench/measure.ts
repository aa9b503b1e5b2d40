/** Small statistics and reporting helpers for the benchmark; nothing here touches the product. */

export type Figure = {
  name: string;
  value: number;
  unit: string;
  note?: string;
  /** The goal a ratio is held to (`>= 2.0`), printed in its JSON line; none for a figure given for information. */
  goal?: string;
};

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Nearest-rank percentile (p in 0..100). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/** Rounds to a precision that suits the magnitude: 12345, 123.4, 1.23. */
export function tidy(value: number): number {
  if (!Number.isFinite(value)) return value;
  const abs = Math.abs(value);
  if (abs >= 1000) return Math.round(value);
  if (abs >= 100) return Math.round(value * 10) / 10;
  return Math.round(value * 100) / 100;
}

/** Runs `work` for every item with at most `concurrency` in flight, in item order. */
export async function forEachConcurrently<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, async () => {
    for (;;) {
      const index = next++;
      if (index >= items.length) return;
      await work(items[index], index);
    }
  });
  await Promise.all(lanes);
}

export function formatTable(figures: readonly Figure[]): string {
  const rows = figures.map((f) => [f.name, String(tidy(f.value)), f.unit, f.note ?? '']);
  const header = ['figure', 'value', 'unit', 'conditions'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 1 ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** A deterministic generator (mulberry32), so two runs generate the same loans. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
