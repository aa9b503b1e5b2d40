/**
 * IRAC provisions (issue 31, docs/accounting.md "Provisions"): pure. The RBI's master circular on income recognition,
 * asset classification and provisioning asks a provision on every loan by its category: standard assets 0.40 %,
 * sub-standard (NPA up to 12 months) 15 %, doubtful by how long it has been doubtful (up to one year 25 %, one to three
 * years 40 %, more than three years 100 %) and loss assets 100 %. The rates are data (table `provision_rates`,
 * basis points), carried by each close of business in its BusinessDayClosed event.
 */

export const PROVISION_CATEGORIES = ['standard', 'sub-standard', 'doubtful-1', 'doubtful-2', 'doubtful-3', 'loss'] as const;
export type ProvisionCategory = (typeof PROVISION_CATEGORIES)[number];

/** Basis points of the principal outstanding, per category. */
export type ProvisionRates = Record<ProvisionCategory, number>;

function monthsAfter(isoDate: string, months: number): string {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7)) - 1 + months;
  const day = Number(isoDate.slice(8, 10));
  const y = year + Math.floor(month / 12);
  const m = month % 12;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return `${String(y).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}-${String(Math.min(day, last)).padStart(2, '0')}`;
}

/**
 * The category of a loan on `date` given since when it has been an NPA (null: standard, SMA included). An NPA is
 * sub-standard for 12 months, then doubtful: D1 for its first year as doubtful, D2 for the next two, D3 after.
 */
export function provisionCategory(npaSince: string | null, date: string): ProvisionCategory {
  if (npaSince === null || npaSince > date) return 'standard';
  if (date < monthsAfter(npaSince, 12)) return 'sub-standard';
  if (date < monthsAfter(npaSince, 24)) return 'doubtful-1';
  if (date < monthsAfter(npaSince, 48)) return 'doubtful-2';
  return 'doubtful-3';
}

/** The provision required on `outstanding` (minor units) at `basisPoints`, rounded half up to a whole minor unit. */
export function requiredProvision(outstanding: number, basisPoints: number): number {
  if (outstanding <= 0 || basisPoints <= 0) return 0;
  return Math.floor((outstanding * basisPoints + 5_000) / 10_000);
}
