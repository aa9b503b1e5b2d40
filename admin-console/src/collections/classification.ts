/** The RBI classifications (circular of 12 November 2021) as the API names them, least to most overdue. */
export const CLASSIFICATIONS = ['standard', 'SMA-0', 'SMA-1', 'SMA-2', 'NPA'] as const;
export type Classification = (typeof CLASSIFICATIONS)[number];

export const CLASSIFICATION_LABELS: Record<Classification, string> = {
  standard: 'Standard',
  'SMA-0': 'SMA-0 (1–30 days)',
  'SMA-1': 'SMA-1 (31–60 days)',
  'SMA-2': 'SMA-2 (61–90 days)',
  NPA: 'NPA (over 90 days)',
};

export const isClassification = (value: unknown): value is Classification =>
  typeof value === 'string' && (CLASSIFICATIONS as readonly string[]).includes(value);

/** A chip's colour: nothing for standard, warning for the SMA stages, error for NPA. */
export function classificationColor(value: string | null | undefined): 'default' | 'warning' | 'error' {
  if (value === 'NPA') return 'error';
  if (value === 'SMA-0' || value === 'SMA-1' || value === 'SMA-2') return 'warning';
  return 'default';
}

/** The short name for a chip ("Standard", "SMA-1", "NPA"); no classification shows a dash. */
export function classificationShort(value: string | null | undefined): string {
  if (!value) return '—';
  return value === 'standard' ? 'Standard' : value;
}

/** Days past due as a collector reads it: "—" for none, "Due today" never (0 is "0 days"), "1 day", "45 days". */
export function dpdLabel(dpd: number | null | undefined): string {
  if (dpd === null || dpd === undefined) return '—';
  return `${dpd} day${dpd === 1 ? '' : 's'}`;
}
