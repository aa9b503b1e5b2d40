/**
 * The collections API's shapes (docs/api.md "Collections"). Until the generated types carry them these follow the
 * agreed contract; afterwards they are derived from @lending/web-common/api.
 */
export type CollectionRow = {
  id: string;
  kind: 'instalment' | 'loan' | 'payment';
  loanId: string;
  borrower: { name: string; phone: string | null } | null;
  instalmentNumber?: number | null;
  dueDate?: string | null;
  amountDue?: number | null;
  amountPaid?: number | null;
  dpd?: number | null;
  classification?: string | null;
  lastReminderAt?: string | null;
  assignedTo?: string | null;
  promiseToPayOn?: string | null;
  promiseBroken?: boolean | null;
  paymentId?: string | null;
  amount?: number | null;
};

export type CollectionBucketCounts = Partial<Record<string, number>>;

export type Collector = { id: string; name: string };

export type ContactEntry = {
  id: string;
  loanId: string;
  channel: string;
  outcome: string;
  note?: string | null;
  promiseToPayOn?: string | null;
  recordedAt: string;
  recordedBy?: { id?: string; name?: string | null } | string | null;
};

export type RecordContactBody = { channel: string; outcome: string; note?: string; promiseToPayOn?: string };
