/**
 * The collection buckets of the spec (§2 "Admin collections") and where each is shown in the console.
 *
 * - `/Admin/Collection/{Due|Paid|Partial|Reminder|Setteled}` and `/Admin/Collection/Pending` are lists of one bucket;
 *   the first five open a row at `/Admin/Collection/{bucket}/{id}`.
 * - `/Admin/Collections?tab={Active|closed|Disbursal|Overdue|Paid|Partial|Setteled|Upcoming}` is one page with a tab
 *   per bucket; the tab is a query parameter so it can be linked and survives a reload, and a row opens
 *   `/Admin/Collections/{id}?tab={tab}` (the spec names no detail path for these buckets).
 *
 * Row ids come from the API as they are (`inst:<loanId>:<n>`, `loan:<loanId>`, `pay:<paymentId>`) and are encoded in
 * paths.
 */
export const BUCKETS = [
  'Upcoming',
  'Due',
  'Overdue',
  'Partial',
  'Paid',
  'Reminder',
  'Active',
  'closed',
  'Setteled',
  'Disbursal',
  'Pending',
] as const;
export type Bucket = (typeof BUCKETS)[number];

export type RowKind = 'instalment' | 'loan' | 'payment';

type BucketSpec = {
  label: string;
  kind: RowKind;
  /** What the list says when the bucket holds nothing. */
  empty: string;
};

export const BUCKET_SPECS: Record<Bucket, BucketSpec> = {
  Upcoming: { label: 'Upcoming', kind: 'instalment', empty: 'No upcoming instalments' },
  Due: { label: 'Due', kind: 'instalment', empty: 'No instalments due' },
  Overdue: { label: 'Overdue', kind: 'instalment', empty: 'No overdue instalments' },
  Partial: { label: 'Partly paid', kind: 'instalment', empty: 'No partly paid instalments' },
  Paid: { label: 'Paid', kind: 'instalment', empty: 'No instalments paid in the last 30 days' },
  Reminder: { label: 'Reminders', kind: 'instalment', empty: 'No reminders due or sent' },
  Active: { label: 'Active', kind: 'loan', empty: 'No active loans' },
  closed: { label: 'Closed', kind: 'loan', empty: 'No closed loans' },
  Setteled: { label: 'Settled', kind: 'loan', empty: 'No settled loans' },
  Disbursal: { label: 'Disbursed', kind: 'loan', empty: 'No loans disbursed in the last 30 days' },
  Pending: { label: 'Pending payments', kind: 'payment', empty: 'No payments awaiting verification' },
};

/** The tabs of /Admin/Collections, in the spec's order. */
export const COLLECTIONS_TABS: readonly Bucket[] = ['Active', 'closed', 'Disbursal', 'Overdue', 'Paid', 'Partial', 'Setteled', 'Upcoming'];
/** The tab /Admin/Collections opens on when the URL names none (or one that is not a tab). */
export const DEFAULT_TAB: Bucket = 'Overdue';

/** The single-bucket lists under /Admin/Collection, in the spec's order; all but Pending have a detail page. */
export const COLLECTION_PAGES: readonly Bucket[] = ['Due', 'Paid', 'Partial', 'Reminder', 'Setteled', 'Pending'];
export const COLLECTION_DETAIL_PAGES: readonly Bucket[] = ['Due', 'Paid', 'Partial', 'Reminder', 'Setteled'];

export const isBucket = (value: unknown): value is Bucket => typeof value === 'string' && (BUCKETS as readonly string[]).includes(value);

/** The tab a `?tab=` value names (case-sensitive, as the spec's paths are), else the default tab. */
export function tabFromSearch(search: string): Bucket {
  const tab = new URLSearchParams(search).get('tab');
  return tab && (COLLECTIONS_TABS as readonly string[]).includes(tab) ? (tab as Bucket) : DEFAULT_TAB;
}

/** Where a bucket's list is: its own page when the spec gives it one, else its tab. */
export function listPath(bucket: Bucket): string {
  return (COLLECTION_PAGES as readonly string[]).includes(bucket) ? `/Collection/${bucket}` : `/Collections?tab=${bucket}`;
}

export function tabPath(tab: Bucket): string {
  return `/Collections?tab=${tab}`;
}

/**
 * Where a row opens. `via` is where the row is listed: a /Collection page keeps its own detail path; a tab (or a
 * page without one of its own, as Pending) opens /Collections/{id}, remembering the tab to come back to.
 */
export function detailPath(bucket: Bucket, id: string, via: 'page' | 'tab' = 'page'): string {
  const encoded = encodeURIComponent(id);
  if (via === 'page' && (COLLECTION_DETAIL_PAGES as readonly string[]).includes(bucket)) return `/Collection/${bucket}/${encoded}`;
  return `/Collections/${encoded}?tab=${bucket}`;
}

/** Where "Back" leads from a detail page reached at `pathname` + `search`. */
export function backPath(pathname: string, search: string): { to: string; label: string } {
  const page = /^\/Collection\/([^/]+)\//.exec(pathname)?.[1];
  if (page && isBucket(page)) return { to: `/Collection/${page}`, label: BUCKET_SPECS[page].label };
  const tab = new URLSearchParams(search).get('tab');
  const bucket = isBucket(tab) ? tab : DEFAULT_TAB;
  return { to: listPath(bucket), label: BUCKET_SPECS[bucket].label };
}

/**
 * The bucket a detail page was opened through: its /Collection/{bucket} path, else its ?tab=; none for a bare
 * /Collections/{id} (a link from elsewhere, as the IVR page's), which shows the row whatever bucket it is in.
 */
export function detailBucket(pathname: string, search: string): Bucket | undefined {
  const page = /^\/Collection\/([^/]+)\//.exec(pathname)?.[1];
  if (page && isBucket(page)) return page;
  const tab = new URLSearchParams(search).get('tab');
  return isBucket(tab) ? tab : undefined;
}

/** The list's title: "Collections · Overdue". */
export const bucketTitle = (bucket: Bucket) => `Collections · ${BUCKET_SPECS[bucket].label}`;

/** The menu's label and count for a bucket (an unknown count shows nothing rather than a guess). */
export function bucketCount(counts: Partial<Record<string, number>> | undefined, bucket: Bucket): number | undefined {
  const n = counts?.[bucket];
  return typeof n === 'number' ? n : undefined;
}

/** Buckets whose non-zero count is work waiting for a collector (the others are records). */
export const WORK_BUCKETS: ReadonlySet<Bucket> = new Set(['Due', 'Overdue', 'Partial', 'Reminder', 'Pending']);

/** Sortable columns of the list API. */
export const SORTABLE = ['dpd', 'dueDate', 'amountDue'] as const;

/** The default order: the most days past due first where that means something, else the nearest due date. */
export function defaultSort(bucket: Bucket): { field: (typeof SORTABLE)[number]; order: 'ASC' | 'DESC' } {
  if (bucket === 'Overdue' || bucket === 'Partial' || bucket === 'Reminder' || bucket === 'Active') return { field: 'dpd', order: 'DESC' };
  if (bucket === 'Paid' || bucket === 'closed' || bucket === 'Setteled' || bucket === 'Disbursal')
    return { field: 'dueDate', order: 'DESC' };
  return { field: 'dueDate', order: 'ASC' };
}
