import { describe, expect, it } from 'vitest';
import {
  BUCKETS,
  BUCKET_SPECS,
  COLLECTIONS_TABS,
  DEFAULT_TAB,
  backPath,
  bucketCount,
  bucketTitle,
  defaultSort,
  detailBucket,
  detailPath,
  isBucket,
  listPath,
  tabFromSearch,
  tabPath,
} from './buckets';
import { selectedLoanIds } from './BulkAssignButton';
import { pendingPaymentPath } from './CollectionList';

describe('the tabs of /Admin/Collections', () => {
  it('are the spec’s eight, in its order', () => {
    expect(COLLECTIONS_TABS).toEqual(['Active', 'closed', 'Disbursal', 'Overdue', 'Paid', 'Partial', 'Setteled', 'Upcoming']);
  });

  it('round-trip through the URL', () => {
    for (const tab of COLLECTIONS_TABS) expect(tabFromSearch(new URL(tabPath(tab), 'http://x').search)).toBe(tab);
  });

  it('open on Overdue when the URL names no tab, or one that is not a tab (case-sensitive, as the spec’s paths)', () => {
    expect(tabFromSearch('')).toBe(DEFAULT_TAB);
    expect(DEFAULT_TAB).toBe('Overdue');
    expect(tabFromSearch('?tab=overdue')).toBe('Overdue');
    expect(tabFromSearch('?tab=Closed')).toBe('Overdue');
    expect(tabFromSearch('?tab=Due')).toBe('Overdue');
    expect(tabFromSearch('?tab=closed')).toBe('closed');
  });
});

describe('where a bucket is listed and where a row opens', () => {
  it('lists the spec’s /Collection pages on their own path and the others on their tab', () => {
    expect(listPath('Due')).toBe('/Collection/Due');
    expect(listPath('Setteled')).toBe('/Collection/Setteled');
    expect(listPath('Pending')).toBe('/Collection/Pending');
    expect(listPath('Overdue')).toBe('/Collections?tab=Overdue');
    expect(listPath('Upcoming')).toBe('/Collections?tab=Upcoming');
  });

  it('opens a /Collection page’s row at /Collection/{bucket}/{id}, the id encoded', () => {
    expect(detailPath('Due', 'inst:abc:3')).toBe('/Collection/Due/inst%3Aabc%3A3');
    expect(detailPath('Reminder', 'inst:abc:1')).toBe('/Collection/Reminder/inst%3Aabc%3A1');
  });

  it('opens a tab’s row at /Collections/{id}, remembering the tab', () => {
    expect(detailPath('Overdue', 'inst:abc:3', 'tab')).toBe('/Collections/inst%3Aabc%3A3?tab=Overdue');
    expect(detailPath('Paid', 'inst:abc:3', 'tab')).toBe('/Collections/inst%3Aabc%3A3?tab=Paid');
    expect(detailPath('Active', 'loan:abc')).toBe('/Collections/loan%3Aabc?tab=Active');
  });

  it('leads back to where the row was listed', () => {
    expect(backPath('/Collection/Due/inst%3Aabc%3A3', '')).toEqual({ to: '/Collection/Due', label: 'Due' });
    expect(backPath('/Collections/inst%3Aabc%3A3', '?tab=Upcoming')).toEqual({ to: '/Collections?tab=Upcoming', label: 'Upcoming' });
    expect(backPath('/Collections/loan%3Aabc', '')).toEqual({ to: '/Collections?tab=Overdue', label: 'Overdue' });
  });

  it('sends a pending payment to the payment verification of its loan', () => {
    expect(decodeURIComponent(pendingPaymentPath({ loanId: 'L1' }))).toBe('/Payments?filter={"loanId":"L1","status":"pending"}');
  });
});

describe('labels, counts and order', () => {
  it('names every bucket with an empty-state sentence', () => {
    for (const bucket of BUCKETS) expect(BUCKET_SPECS[bucket].empty).toMatch(/^No /);
    expect(BUCKET_SPECS.Overdue.empty).toBe('No overdue instalments');
    expect(BUCKET_SPECS.Setteled.label).toBe('Settled');
    expect(bucketTitle('Partial')).toBe('Collections · Partly paid');
    expect(isBucket('Setteled')).toBe(true);
    expect(isBucket('Settled')).toBe(false);
  });

  it('shows a count only when the server gave one', () => {
    expect(bucketCount({ Overdue: 4, Due: 0 }, 'Overdue')).toBe(4);
    expect(bucketCount({ Overdue: 4, Due: 0 }, 'Due')).toBe(0);
    expect(bucketCount({ Overdue: 4 }, 'Paid')).toBeUndefined();
    expect(bucketCount(undefined, 'Paid')).toBeUndefined();
  });

  it('puts the most days past due first where they matter, the nearest due date first for what is coming', () => {
    expect(defaultSort('Overdue')).toEqual({ field: 'dpd', order: 'DESC' });
    expect(defaultSort('Upcoming')).toEqual({ field: 'dueDate', order: 'ASC' });
    expect(defaultSort('Paid')).toEqual({ field: 'dueDate', order: 'DESC' });
  });

  it('assigns the loans behind the selected rows once each', () => {
    const rows = [
      { id: 'inst:L1:1', loanId: 'L1' },
      { id: 'inst:L1:2', loanId: 'L1' },
      { id: 'inst:L2:1', loanId: 'L2' },
      { id: 'inst:L3:1', loanId: 'L3' },
    ];
    expect(selectedLoanIds(rows, ['inst:L1:1', 'inst:L1:2', 'inst:L3:1'])).toEqual(['L1', 'L3']);
    expect(selectedLoanIds(rows, [])).toEqual([]);
    expect(selectedLoanIds(undefined, ['x'])).toEqual([]);
  });
});

describe('the bucket a detail page belongs to', () => {
  it('is its /Collection page, else its tab, else none', () => {
    expect(detailBucket('/Collection/Due/inst%3Aabc%3A3', '')).toBe('Due');
    expect(detailBucket('/Collections/inst%3Aabc%3A3', '?tab=Overdue')).toBe('Overdue');
    expect(detailBucket('/Collections/loan%3Aabc', '')).toBeUndefined();
    expect(detailBucket('/Collections/loan%3Aabc', '?tab=overdue')).toBeUndefined();
  });
});
