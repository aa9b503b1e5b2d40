import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface EventsTable {
  global_position: Generated<string>;
  stream_id: string;
  stream_type: string;
  version: number;
  type: string;
  data: JSONColumnType<Record<string, unknown>>;
  metadata: JSONColumnType<Record<string, unknown>>;
  recorded_at: Generated<Date>;
  transaction_id: Generated<string>;
}

export interface CommandResultsTable {
  idempotency_key: string;
  stream_id: string;
  command_type: string;
  request_fingerprint: string;
  result: JSONColumnType<Record<string, unknown>>;
  /** Global position of the command's last event (NULL for rows written before migration 0011). */
  last_position: string | null;
  created_at: Generated<Date>;
}

export interface SubscriptionCheckpointsTable {
  name: string;
  transaction_id: string;
  global_position: string;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: string;
  role: 'borrower' | 'staff';
  name: string;
  email: string;
  phone: string | null;
  password_hash: string | null;
  staff_role_id: string | null;
  status: Generated<'active' | 'disabled'>;
  firebase_uid: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface StaffRolesTable {
  id: string;
  name: string;
  description: Generated<string>;
  permissions: string[];
  built_in: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type SessionRevokedReason = 'superseded' | 'logout' | 'password-reset' | 'disabled';

export interface SessionsTable {
  id: string;
  user_id: string;
  device_id: string;
  token_version: Generated<number>;
  user_agent: string | null;
  ip: string | null;
  created_at: Generated<Date>;
  last_used_at: Generated<Date>;
  revoked_at: Date | null;
  revoked_reason: SessionRevokedReason | null;
}

export interface PresenceTable {
  user_id: string;
  status: boolean;
  device: string | null;
  last_seen_at: Date | null;
  updated_at: Generated<Date>;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Generated<Date>;
}

export interface RateLimitCountersTable {
  key: string;
  hits: number;
  window_ends_at: Date;
}

export interface LoanSummariesTable {
  id: string;
  borrower_id: string;
  type: string;
  state: string;
  amount: string;
  approved_amount: string | null;
  tenure_months: number;
  annual_rate_percent: string;
  fee: string;
  score: number | null;
  document_hash: string | null;
  payout_reference: string | null;
  disbursed_on: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  submitted_at: Timestamp | null;
  last_actor_id: string;
  last_actor_role: string;
  last_reason: string | null;
  soft_approved_at: Timestamp | null;
  soft_approved_by: string | null;
  bank_approved_at: Timestamp | null;
  bank_approved_by: string | null;
  consent_approved_at: Timestamp | null;
  consent_approved_by: string | null;
  final_approved_at: Timestamp | null;
  final_approved_by: string | null;
  version: number;
  last_position: string;
  loan_state: JSONColumnType<Record<string, unknown>>;
}

/** Lending's copy of each borrower's contact fields, kept through identity's BorrowerDirectory (migration 0009). */
export interface LoanBorrowersTable {
  user_id: string;
  name: string;
  email: string;
  phone: string | null;
  updated_at: Generated<Date>;
}

/** A loan product: its stable id, unique code and type; its terms are in loan_product_versions. */
export interface LoanProductsTable {
  id: string;
  code: string;
  type: 'EMI' | 'salaryAdvance';
  current_version: number;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

/** One immutable version of a product's terms (append-only, enforced by a trigger). */
export interface LoanProductVersionsTable {
  product_id: string;
  version: number;
  name: string;
  currency: string;
  /** bigint: node-postgres reads it as a string. */
  min_amount: ColumnType<string, number, number>;
  max_amount: ColumnType<string, number, number>;
  min_tenure_months: number;
  max_tenure_months: number;
  /** numeric: node-postgres reads it as a string. */
  annual_rate_percent: ColumnType<string, number, number>;
  processing_fee_percent: ColumnType<string, number, number>;
  grace_days: number;
  penal_charge_flat: ColumnType<string, number, number>;
  allocation_strategy: string;
  prepayment_mode: string;
  default_pay_day_of_month: number | null;
  min_days_to_repayment: number | null;
  active: boolean;
  made_by: string;
  made_at: Generated<Date>;
}

/** The business date staff set in manual mode (one row at most). */
export interface BusinessDateTable {
  id: Generated<boolean>;
  /** YYYY-MM-DD (database.ts reads dates as text). */
  date: string;
  updated_by: string;
  updated_at: Timestamp;
}

export interface BusinessDateChangesTable {
  id: Generated<string>;
  from_date: string;
  to_date: string;
  changed_by: string;
  changed_at: Generated<Date>;
}

/** Documents of the PostgreSQL DocumentStorage adapter (platform/storage), agreements among them. */
export interface DocumentsTable {
  key: string;
  content_type: string;
  content: Buffer;
  stored_at: Generated<Date>;
}

export interface LoanNotificationsTable {
  id: Generated<string>;
  source_position: string;
  user_id: string;
  loan_id: string;
  event_type: string;
  message: string;
  created_at: Generated<Date>;
}

export type EmailStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'logged';

export interface EmailsTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  template: string | null;
  user_id: string | null;
  status: ColumnType<EmailStatus, EmailStatus | undefined, EmailStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  message_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  sent_at: Timestamp | null;
  /** The message holds `{{secret:…}}` placeholders whose sealed values are in `email_secrets` (until sent or expired). */
  has_secrets: ColumnType<boolean, boolean | undefined, boolean>;
}

/** Sealed (AES-256-GCM) secrets of an email, e.g. a reset token; never selected by a query that answers the API. */
export interface EmailSecretsTable {
  email_id: string;
  sealed: string;
  expires_at: Date;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** Queue sizes kept with loan_summaries (migration 0012): a queue's total is the sum of its rows. */
export interface LoanQueueCountsTable {
  queue: string;
  type: string;
  slot: number;
  n: ColumnType<string, number | string, number | string>;
}

export interface Database {
  events: EventsTable;
  command_results: CommandResultsTable;
  subscription_checkpoints: SubscriptionCheckpointsTable;
  users: UsersTable;
  staff_roles: StaffRolesTable;
  sessions: SessionsTable;
  presence: PresenceTable;
  password_resets: PasswordResetsTable;
  rate_limit_counters: RateLimitCountersTable;
  loan_summaries: LoanSummariesTable;
  loan_borrowers: LoanBorrowersTable;
  loan_products: LoanProductsTable;
  loan_product_versions: LoanProductVersionsTable;
  business_date: BusinessDateTable;
  business_date_changes: BusinessDateChangesTable;
  loan_queue_counts: LoanQueueCountsTable;
  documents: DocumentsTable;
  loan_notifications: LoanNotificationsTable;
  emails: EmailsTable;
  email_secrets: EmailSecretsTable;
}
