import type { ColumnType, Generated, GeneratedAlways, JSONColumnType } from 'kysely';

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
  /** When the email was proven (migration 0060); null: not verified. */
  email_verified_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The newest email verification code of a user (migration 0060), kept only as a keyed hash. */
export interface EmailVerificationCodesTable {
  user_id: string;
  id: string;
  email: string;
  code_hash: string;
  expires_at: Date;
  attempts: Generated<number>;
  created_at: Generated<Date>;
}

/** Phones the 0037 migration could not put in one form (docs/operations.md "Phones in one form"), for staff to resolve. */
export interface PhoneCollisionsTable {
  id: Generated<string>;
  user_id: string;
  stored_phone: string;
  normalized_phone: string | null;
  reason: 'collision' | 'unreadable';
  found_at: Generated<Date>;
  resolved_at: Date | null;
  resolved_by: string | null;
  resolution: 'kept' | 'cleared' | 'changed' | null;
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
  /** The loan's auto-debit part of its state (migration 0070): mandates and presentations, null before the first. */
  mandates_state: JSONColumnType<Record<string, unknown>> | null;
  /** What close of business recorded of the loan (migration 0072): `collections` of its state, null before the first. */
  collections_state: JSONColumnType<Record<string, unknown>> | null;
  /** The loan's last move (migration 0072): `{ updatedAt, lastActor, lastReason }` of its state. */
  last_move: JSONColumnType<Record<string, unknown>>;
  /** Collections (migration 0018): the RBI classification, days past due at its last change, the oldest unpaid due date then. */
  dpd: Generated<number>;
  classification: Generated<string>;
  overdue_since: string | null;
  next_cob_on: string | null;
}

/** Lending's copy of each borrower's contact fields, kept through identity's BorrowerDirectory (migration 0009). */
export interface LoanBorrowersTable {
  user_id: string;
  name: string;
  email: string;
  phone: string | null;
  updated_at: Generated<Date>;
  /** lower(name, e-mail and phone joined by newlines), kept by PostgreSQL (migration 0052): what a search tests. */
  search_text: GeneratedAlways<string>;
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
  advance_payment: ColumnType<string, string | undefined, string>;
  /** Auto-debit settings (migration 0054; docs/mandates.md). */
  mandate_bounce_charge: ColumnType<string, number | undefined, number>;
  mandate_representations: ColumnType<number, number | undefined, number>;
  mandate_represent_after_days: ColumnType<number, number | undefined, number>;
  mandate_required: ColumnType<boolean, boolean | undefined, boolean>;
  /** How the books post its loans: none, cash or accrual (migration 0061; docs/accounting.md). */
  accounting_rule: ColumnType<string, string | undefined, string>;
  default_pay_day_of_month: number | null;
  min_days_to_repayment: number | null;
  /** The profile sections a borrower completes before submitting; null: the PROFILE_REQUIRED_SECTIONS setting (0036). */
  required_profile_sections: ColumnType<string[] | null, string[] | null | undefined, never>;
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

/** Migration 0039: close of business run from the console (lending/collections/application/close-of-business-runs.ts). */
export interface CloseOfBusinessRunsTable {
  id: string;
  date: string;
  business_date: string;
  status: 'running' | 'completed' | 'failed';
  requested_by: string;
  started_at: Timestamp;
  heartbeat_at: Timestamp;
  finished_at: Timestamp | null;
  loans_to_visit: number;
  loans_visited: Generated<number>;
  loans_aged: Generated<number>;
  events_appended: Generated<number>;
  reclassified: Generated<number>;
  penalties_applied: Generated<number>;
  reminders_queued: Generated<number>;
  /** The auto-debit step after ageing (migration 0054). */
  presentations_decided: Generated<number>;
  presentations_sent: Generated<number>;
  failure: string | null;
}

/** Issue 33 item 7: one monthly credit bureau (TUDF) file generated from the console (migration 0058). */
export interface BureauRunsTable {
  id: string;
  month: string;
  as_of: string;
  generated_at: Timestamp;
  generated_by: string;
  file: string;
  file_sha256: string;
  loans_considered: number;
  records_reported: number;
  records_rejected: number;
  validation_report: JSONColumnType<Record<string, unknown>[]>;
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
  /** The email template (and its version) the message was rendered from, if any (migration 0017). */
  template_id: ColumnType<string | null, string | null | undefined, string | null>;
  template_version: ColumnType<number | null, number | null | undefined, number | null>;
  /** What it was rendered from: the active template (`active`) or the shipped default in code (`shipped`) (migration 0034). */
  template_source: ColumnType<'active' | 'shipped' | null, 'active' | 'shipped' | null | undefined, 'active' | 'shipped' | null>;
}

/** Email templates at their current version (migration 0017); at most one active per event. */
export interface EmailTemplatesTable {
  id: string;
  name: string;
  event: string;
  subject: string;
  html: string;
  text: string;
  active: boolean;
  version: number;
  /** The key of the shipped default this row was seeded from; null for templates staff wrote. */
  shipped_key: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string;
}

/** Every saved version of a template, append-only. */
export interface EmailTemplateVersionsTable {
  template_id: string;
  version: number;
  name: string;
  event: string;
  subject: string;
  html: string;
  text: string;
  active: boolean;
  made_by: string;
  made_at: Timestamp;
}

/** Idempotency keys of emails written by subscriptions: one email per (event, template). */
/** An email's files (migration 0055): the log shows the names and sizes, only the send job reads the bytes. */
export interface EmailAttachmentsTable {
  email_id: string;
  position: number;
  filename: string;
  content_type: string;
  size_bytes: number;
  content: Buffer;
}

/** Documents sent on signing (migration 0055): one row per signing and channel. */
export interface DocumentDeliveriesTable {
  id: string;
  loan_id: string;
  borrower_id: string;
  event_position: ColumnType<string, number | string, never>;
  documents: string[];
  channel: 'email' | 'sms';
  recipient: string | null;
  status: 'queued' | 'sent' | 'failed' | 'skipped';
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  email_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface EmailDedupeTable {
  key: string;
  email_id: string;
  created_at: Timestamp;
}

/** Banners on the portal's home and dashboard (migration 0017); the image is in document storage. */
export interface BannersTable {
  id: string;
  title: string;
  link: string | null;
  audience: 'home' | 'dashboard';
  starts_at: Timestamp;
  ends_at: Timestamp | null;
  sort_order: number;
  active: boolean;
  image_key: string;
  image_type: string;
  image_sha256: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string;
}

/** A borrower's help issue (content context); `number` is what borrower and staff call it by. */
/** Migration 0056 (DPDP Act, issue 33 item 5): each consent text shown, by purpose and version. */
export interface ConsentTextsTable {
  purpose: string;
  version: string;
  text: string;
  hash: string;
  created_at: Generated<Date>;
}

/** Migration 0056: a consent a borrower gave; withdrawal sets `withdrawn_at` and keeps the row. */
export interface BorrowerConsentsTable {
  id: Generated<string>;
  borrower_id: string;
  purpose: string;
  text_version: string;
  text_hash: string;
  channel: string;
  reference: string;
  given_at: Timestamp;
  withdrawn_at: Timestamp | null;
}

export interface HelpIssuesTable {
  id: string;
  number: Generated<number>;
  borrower_id: string;
  category: string;
  loan_id: string | null;
  message: string;
  attachment_ids: ColumnType<string[], string[] | undefined, string[]>;
  status: 'open' | 'inProgress' | 'resolved' | 'closed';
  assigned_to: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  resolved_at: Timestamp | null;
  /** Migration 0050: a complaint's owner, the grievance officer the KFS named when it was raised. */
  grievance_officer: ColumnType<GrievanceOfficer | null, GrievanceOfficer | null | undefined, GrievanceOfficer | null>;
  /** Migration 0050: when a complaint not resolved within 30 days was escalated. */
  escalated_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type GrievanceOfficer = { name: string; phone: string; email: string };

/** A reply on an issue (borrower's or staff's) or staff's internal note. */
export interface HelpIssueMessagesTable {
  id: string;
  issue_id: string;
  author_id: string;
  author_role: 'borrower' | 'staff';
  message: string;
  internal: boolean;
  email_id: string | null;
  created_at: Timestamp;
}

/** The audit trail of an issue: each field change, by whom and when. */
export interface HelpIssueChangesTable {
  id: Generated<string>;
  issue_id: string;
  field: string;
  from_value: string | null;
  to_value: string | null;
  changed_by: string;
  changed_at: Timestamp;
}

/** A public landing page of an Indian state and city (`/{state}/{city}` in the portal). */
export interface StatePagesTable {
  id: string;
  state: string;
  city: string;
  state_slug: string;
  city_slug: string;
  title: string;
  text: string;
  offer: string | null;
  active: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string;
}

/** Communications' read model of the loans it writes to borrowers about (projection of the loan events). */
export interface EmailLoanContactsTable {
  loan_id: string;
  borrower_id: string;
  loan_type: string;
  amount: ColumnType<string, number | string, number | string>;
  tenure_months: number;
  annual_rate_percent: ColumnType<string, number | string, number | string>;
  instalment_amount: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  payout_reference: string | null;
  disbursed_on: string | null;
  first_due_date: string | null;
  version: number;
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

/** Every loan's id once, kept with loan_summaries (migration 0074), for the search by a fragment of the id. */
export interface LoanIdSearchTable {
  id: string;
}

/** Migration 0015: the servicing read models (lending/servicing/projections/servicing*). Money columns are bigint (strings). */
type Money = ColumnType<string, number | string, number | string>;

/** Settlement offers (migration 0021), from the loan streams' settlement events. */
export interface SettlementOffersTable {
  id: string;
  loan_id: string;
  amount: Money;
  valid_until: string;
  reason: string;
  status: string;
  offered_by: string;
  offered_at: Timestamp;
  approved_by: string | null;
  approved_at: Timestamp | null;
  amount_paid: Money | null;
  waived: { principal: number; interest: number; fees: number; penalties: number; total: number } | null;
  settled_on: string | null;
  /** rejected or withdrawn (migration 0032). */
  closed_by: string | null;
  closed_at: Timestamp | null;
  close_reason: string | null;
  last_position: Money;
}

export interface AgreementsTable {
  loan_id: string;
  principal: Money;
  currency: string;
  document_hash: string;
  issued_at: Timestamp;
  issued_by: string;
  signed_at: Timestamp | null;
  signed_document_hash: string | null;
  evidence: Record<string, unknown> | null;
  last_position: Money;
}

export interface AgreementSignLinksTable {
  id: string;
  token_hash: string;
  loan_id: string;
  document_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Generated<Timestamp>;
}

/** Migration 0045 (issue 32): the mandates slice's read models (lending/mandates/projections). */
export interface MandatesTable {
  id: string;
  loan_id: string;
  kind: string;
  status: string;
  max_amount: Money;
  frequency: string;
  valid_from: string;
  valid_until: string;
  provider: string;
  provider_reference: string | null;
  active_from: string | null;
  failure_reason: string | null;
  started_by: string;
  started_at: Timestamp;
  pause_requested_by: string | null;
  pause_reason: string | null;
  cancel_cause: string | null;
  updated_at: Timestamp;
  last_position: Money;
}

export interface MandatePresentationsTable {
  id: string;
  loan_id: string;
  mandate_id: string;
  instalment_number: number;
  attempt: number;
  amount: Money;
  due_date: string;
  presented_on: string;
  status: string;
  latest: Generated<boolean>;
  reason_code: string | null;
  reason: string | null;
  next_attempt_on: string | null;
  bounce_charge: Money | null;
  payment_id: string | null;
  provider_reference: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_position: Money;
}

/** Write-ahead rows of presentations being sent (migration 0066): not a read model. */
export interface MandatePresentationSendsTable {
  presentation_id: string;
  loan_id: string;
  presentation: JSONColumnType<Record<string, unknown>>;
  mandate_reference: string;
  kind: string;
  created_at: Generated<Timestamp>;
}

export interface MandateManualCollectionsTable {
  loan_id: string;
  instalment_number: number;
  attempt: number;
  mandate_id: string;
  code: string;
  detail: string;
  on_date: string;
  last_position: Money;
}

export interface PaymentsTable {
  id: string;
  loan_id: string;
  channel: string;
  method: string;
  amount: Money;
  paid_on: string | null;
  reference: string | null;
  status: string;
  recorded_by: string;
  recorded_at: Timestamp;
  verified_by: string | null;
  verified_at: Timestamp | null;
  rejected_by: string | null;
  rejection_reason: string | null;
  provider: string | null;
  provider_order_id: string | null;
  provider_reference: string | null;
  captured_amount: Money | null;
  reversal_requested_by: string | null;
  reversal_reason: string | null;
  reversed_by: string | null;
  reversed_on: string | null;
  updated_at: Timestamp;
  last_position: Money;
}

export interface LoanServicingTable {
  loan_id: string;
  version: number;
  terms: JSONColumnType<Record<string, unknown>>;
  events: JSONColumnType<Record<string, unknown>[]>;
  status: string;
  closed_on: string | null;
  instalment_amount: Money;
  credit_balance: Money;
  outstanding_principal: Money;
  outstanding_interest: Money;
  outstanding_fees: Money;
  outstanding_penalties: Money;
  outstanding_total: Money;
}

export interface LoanInstalmentsTable {
  loan_id: string;
  number: number;
  due_date: string;
  principal: Money;
  interest: Money;
  fees: Money;
  penalties: Money;
  paid_principal: Money;
  paid_interest: Money;
  paid_fees: Money;
  paid_penalties: Money;
  /** Migration 0038: what is still owed by component (the domain's owedOf: less paid and waived). */
  owed_principal: Money;
  owed_interest: Money;
  owed_fees: Money;
  owed_penalties: Money;
  status: string;
  paid_on: string | null;
  /** Migration 0065: settlement | writeOff | coolingOffExit when a close-out took what was owed on it off the books. */
  closed_out: string | null;
}

/** Migration 0020: who works a loan in collections, and the contact log (lending/collections/projections/collection-work*). */
export interface CollectionLoansTable {
  loan_id: string;
  assigned_to: string | null;
  assigned_by: string | null;
  assigned_at: Timestamp | null;
  last_contact_at: Timestamp | null;
  last_contact_outcome: string | null;
  promise_to_pay_on: string | null;
  promise_made_on: string | null;
  version: number;
}

export interface CollectionContactsTable {
  loan_id: string;
  version: number;
  channel: string;
  outcome: string;
  note: string;
  promise_to_pay_on: string | null;
  business_date: string;
  recorded_by: string;
  recorded_at: Timestamp;
}

/** Migration 0022: collection reminders, a record of what close of business queued and what went out. */
export interface CollectionRemindersTable {
  loan_id: string;
  instalment_number: number;
  offset_days: number;
  kind: 'due-soon' | 'overdue';
  due_on: string;
  scheduled_for: Date;
  sent_at: Date | null;
  status: Generated<'queued' | 'sent' | 'skipped-paid' | 'failed'>;
  email_id: string | null;
  failure: string | null;
  created_at: Generated<Date>;
}

/** Migration 0057: the claim of each auto-debit notice to a borrower (lending/mandates/application/auto-debit-notices.ts). */
export interface AutoDebitNoticesTable {
  about: string;
  kind: 'pre-debit' | 'bounced' | 'mandate-ended';
  loan_id: string;
  source_position: string | number;
  status: Generated<'claimed' | 'sent' | 'skipped'>;
  claimed_at: Generated<Date>;
  sent_at: Date | null;
  email_id: string | null;
  sms_status: string | null;
}

/** The projection of CollectionReminderSent / CollectionReminderSkipped (migration 0035): one row per reminder. */
export interface CollectionReminderOutcomesTable {
  loan_id: string;
  instalment_number: number;
  offset_days: number;
  kind: 'due-soon' | 'overdue';
  due_on: string;
  outcome: 'sent' | 'skipped-paid';
  at: Date;
  email_id: string | null;
  version: number;
}

export interface LoanTransactionsTable {
  loan_id: string;
  seq: number;
  id: string;
  type: string;
  date: string;
  amount: Money;
  principal: Money;
  interest: Money;
  fees: Money;
  penalties: Money;
  balance_after: Money;
  payment_id: string | null;
  to_credit_balance: Money;
  reversed_on: string | null;
}

/** Text messages the SMS port handled (migration 0016); a one-time code's body is kept only outside production. */
export interface SmsLogTable {
  id: string;
  to_phone: string;
  body: string;
  purpose: string | null;
  status: string;
  provider_message_id: string | null;
  created_at: Generated<Date>;
}

/** WhatsApp, IVR and the dialer (migration 0029). */
export interface WhatsappTemplatesTable {
  name: string;
  body: string;
  parameters: string[];
  approved: boolean;
  created_at: Generated<Date>;
}

export interface WhatsappMessagesTable {
  id: string;
  phone: string;
  borrower_id: string | null;
  loan_id: string | null;
  direction: 'inbound' | 'outbound';
  body: string;
  template_name: string | null;
  provider_message_id: string | null;
  status: string;
  sent_by: string | null;
  at: Date;
  created_at: Generated<Date>;
}

export interface IvrCallsTable {
  id: string;
  provider_call_id: string;
  loan_id: string | null;
  phone: string;
  status: 'requested' | 'completed';
  outcome: string | null;
  promise_to_pay_on: ColumnType<string | null, string | null | undefined, string | null>;
  duration_seconds: number | null;
  ended_at: Date | null;
  contact_logged: Generated<boolean>;
  contact_error: string | null;
  requested_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface DialerCallsTable {
  id: string;
  loan_id: string;
  phone: string;
  staff_id: string;
  provider_call_id: string;
  outcome: string | null;
  note: string | null;
  started_at: Date;
  outcome_at: Date | null;
}

export interface ChannelOutboxTable {
  id: Generated<string>;
  channel: 'whatsapp' | 'ivr' | 'dialer';
  recipient: string;
  payload: JSONColumnType<Record<string, unknown>>;
  provider_id: string;
  created_at: Generated<Date>;
}

/** One-time codes (migration 0016): a keyed hash of the code, never the code. */
export interface OtpChallengesTable {
  id: string;
  phone: string;
  purpose: string;
  code_hash: string;
  expires_at: Date;
  attempts: Generated<number>;
  verified_at: Date | null;
  /** What used the code, when its user can present it again (migration 0033): the signing request it signed. */
  used_for: Generated<string | null>;
  created_at: Generated<Date>;
}

export interface LeadsTable {
  id: string;
  name: Generated<string>;
  phone: string;
  email: string | null;
  source: 'quickStart' | 'agent' | 'import';
  status: 'new' | 'contacted' | 'interested' | 'converted' | 'lost';
  lost_reason: string | null;
  assigned_to: string | null;
  /** YYYY-MM-DD (dates are read as text). */
  follow_up_on: string | null;
  borrower_id: string | null;
  quick_start: ColumnType<Record<string, unknown>, string | undefined, string>;
  quick_start_step: string | null;
  created_by: string;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface LeadChangesTable {
  id: Generated<string>;
  lead_id: string;
  field: string;
  from_value: string | null;
  to_value: string | null;
  reason: string | null;
  changed_by: string;
  changed_at: Generated<Date>;
}

export interface LeadNotesTable {
  id: string;
  lead_id: string;
  text: string;
  author_id: string;
  created_at: Generated<Date>;
}

export interface ProfileSectionsTable {
  borrower_id: string;
  section: string;
  data: ColumnType<Record<string, unknown>, string, string>;
  status: 'complete' | 'verified' | 'rejected';
  reason: string | null;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  updated_at: Timestamp;
}

export interface ProfileSectionChangesTable {
  id: Generated<string>;
  borrower_id: string;
  section: string;
  action: string;
  from_status: string | null;
  to_status: string;
  reason: string | null;
  actor_id: string;
  actor_role: string;
  changed_at: Generated<Date>;
}

export interface CustomerDocumentsTable {
  id: string;
  borrower_id: string;
  kind: string;
  content_type: string;
  size: number;
  sha256: string;
  storage_key: string;
  created_at: Generated<Date>;
}

export interface PushTokensTable {
  id: Generated<string>;
  user_id: string;
  session_id: string;
  device_id: string;
  token: string;
  options: PushSubscriptionOptionsColumn;
  created_at: Generated<Date>;
  refreshed_at: Generated<Date>;
}

/** Spec §3: the browser's push subscription beside the FCM token. */
export type PushSubscriptionOptionsColumn = { endpoint: string; auth: string; p256dh: string; swScope: string; vapidKey: string };

export interface PushesTable {
  id: Generated<string>;
  dedupe_key: string;
  user_id: string;
  token_id: string | null;
  token_tail: string;
  topic: string;
  title: string;
  body: string;
  link: string | null;
  status: Generated<'queued' | 'sent' | 'logged' | 'failed' | 'token-removed' | 'skipped'>;
  attempts: Generated<number>;
  message_id: string | null;
  last_error: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  sent_at: Date | null;
}

export interface Database {
  events: EventsTable;
  command_results: CommandResultsTable;
  subscription_checkpoints: SubscriptionCheckpointsTable;
  users: UsersTable;
  phone_collisions: PhoneCollisionsTable;
  staff_roles: StaffRolesTable;
  sessions: SessionsTable;
  presence: PresenceTable;
  password_resets: PasswordResetsTable;
  email_verification_codes: EmailVerificationCodesTable;
  rate_limit_counters: RateLimitCountersTable;
  loan_summaries: LoanSummariesTable;
  payments: PaymentsTable;
  settlement_offers: SettlementOffersTable;
  mandates: MandatesTable;
  mandate_presentations: MandatePresentationsTable;
  mandate_presentation_sends: MandatePresentationSendsTable;
  mandate_manual_collections: MandateManualCollectionsTable;
  agreements: AgreementsTable;
  agreement_sign_links: AgreementSignLinksTable;
  loan_servicing: LoanServicingTable;
  loan_instalments: LoanInstalmentsTable;
  collection_reminders: CollectionRemindersTable;
  auto_debit_notices: AutoDebitNoticesTable;
  collection_reminder_outcomes: CollectionReminderOutcomesTable;
  loan_transactions: LoanTransactionsTable;
  collection_loans: CollectionLoansTable;
  collection_contacts: CollectionContactsTable;
  loan_borrowers: LoanBorrowersTable;
  loan_products: LoanProductsTable;
  loan_product_versions: LoanProductVersionsTable;
  business_date: BusinessDateTable;
  business_date_changes: BusinessDateChangesTable;
  close_of_business_runs: CloseOfBusinessRunsTable;
  bureau_runs: BureauRunsTable;
  loan_queue_counts: LoanQueueCountsTable;
  loan_id_search: LoanIdSearchTable;
  documents: DocumentsTable;
  loan_notifications: LoanNotificationsTable;
  emails: EmailsTable;
  email_secrets: EmailSecretsTable;
  email_templates: EmailTemplatesTable;
  email_template_versions: EmailTemplateVersionsTable;
  email_dedupe: EmailDedupeTable;
  email_attachments: EmailAttachmentsTable;
  document_deliveries: DocumentDeliveriesTable;
  email_loan_contacts: EmailLoanContactsTable;
  banners: BannersTable;
  push_tokens: PushTokensTable;
  pushes: PushesTable;
  sms_log: SmsLogTable;
  whatsapp_templates: WhatsappTemplatesTable;
  whatsapp_messages: WhatsappMessagesTable;
  ivr_calls: IvrCallsTable;
  dialer_calls: DialerCallsTable;
  channel_outbox: ChannelOutboxTable;
  otp_challenges: OtpChallengesTable;
  leads: LeadsTable;
  lead_changes: LeadChangesTable;
  lead_notes: LeadNotesTable;
  profile_sections: ProfileSectionsTable;
  profile_section_changes: ProfileSectionChangesTable;
  customer_documents: CustomerDocumentsTable;
  help_issues: HelpIssuesTable;
  consent_texts: ConsentTextsTable;
  borrower_consents: BorrowerConsentsTable;
  help_issue_messages: HelpIssueMessagesTable;
  help_issue_changes: HelpIssueChangesTable;
  state_pages: StatePagesTable;
  accounts: AccountsTable;
  accounting_loans: AccountingLoansTable;
  accounting_accrual_periods: AccountingAccrualPeriodsTable;
  accounting_day_states: AccountingDayStatesTable;
  accounting_day_parts: AccountingDayPartsTable;
  provision_rates: ProvisionRatesTable;
  journal_entries: JournalEntriesTable;
  journal_lines: JournalLinesTable;
  account_days: AccountDaysTable;
  manual_journal_entries: ManualJournalEntriesTable;
  accounting_period_closes: AccountingPeriodClosesTable;
  erasure_requests: ErasureRequestsTable;
}

/** Issue 31: the chart of accounts (data) and the accounting projection's tables (migration 0042). */
export interface AccountsTable {
  code: string;
  name: string;
  type: 'asset' | 'liability' | 'equity' | 'income' | 'expense';
  parent_code: string | null;
  active: Generated<boolean>;
  description: Generated<string>;
}

export interface AccountingLoansTable {
  loan_id: string;
  version: number;
  terms: JSONColumnType<Record<string, unknown>>;
  events: JSONColumnType<Record<string, unknown>[]>;
  /** Migration 0061: the loan's accounting rule, its classification changes and the last close of business posted. */
  rule: ColumnType<string, string | undefined, string>;
  classes: JSONColumnType<Record<string, unknown>[], string | undefined, string>;
  closed_day: JSONColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  /** Migration 0063: the position of the day closed before the payout, then before each money event; and each change. */
  event_days: ColumnType<string[], string[] | undefined, string[]>;
  class_days: ColumnType<string[], string[] | undefined, string[]>;
}

/** Migration 0063: what a closed day's set-based posting reads of a loan, as plain columns (one narrow row a loan). */
export interface AccountingDayStatesTable {
  loan_id: string;
  rule: string;
  disbursed_on: string;
  principal: ColumnType<string, number | string, number | string>;
  advance: ColumnType<string, number | string, number | string>;
  provision: ColumnType<string, number | string, number | string>;
  npa_since: string | null;
  closed_on: string | null;
  last_known: string;
}

/** Migration 0063: a loan's accrual periods ((from, to], interest) as lending's schedule gives them. */
export interface AccountingAccrualPeriodsTable {
  loan_id: string;
  seq: number;
  from_date: string;
  to_date: string;
  interest: ColumnType<string, number | string, number | string>;
}

/** Migration 0063: a rebuild's per-loan parts of the closed days, summed into the days' entries at its end. */
export interface AccountingDayPartsTable {
  day_position: ColumnType<string, number | string, number | string>;
  value_date: string;
  original_value_date: string | null;
  account_code: string;
  amount: ColumnType<string, number | string, number | string>;
}

/** IRAC provision rates (migration 0061): basis points of the principal outstanding per category. */
export interface ProvisionRatesTable {
  category: string;
  basis_points: number;
  description: string;
}

export interface JournalEntriesTable {
  id: string;
  /** null for a manual entry (migration 0053). */
  loan_id: string | null;
  event_position: ColumnType<string, number | string, number | string>;
  event_type: string;
  value_date: string;
  kind: 'event' | 'reallocation' | 'manual' | 'close-of-business';
  amount: Money;
  narration: string | null;
  /** A loan event dated in a closed period: its own value date (value_date is the first open day). */
  original_value_date: string | null;
}

export interface JournalLinesTable {
  entry_id: string;
  line: number;
  account_code: string;
  debit: Money;
  credit: Money;
  loan_id: string | null;
  value_date: string;
}

export interface AccountDaysTable {
  account_code: string;
  day: string;
  debits: Money;
  credits: Money;
}

/** Issue 31 items 3 and 4 (migration 0053): manual entries and period closes as staff see them (accounting-requests). */
export interface ManualJournalEntriesTable {
  id: string;
  entry_date: string;
  narration: string;
  lines: JSONColumnType<{ accountCode: string; debit: number; credit: number }[]>;
  amount: Money;
  status: 'proposed' | 'approved' | 'rejected';
  proposed_by: string;
  proposed_at: Date;
  decided_by: string | null;
  decided_at: Date | null;
  reason: string | null;
}

export interface AccountingPeriodClosesTable {
  id: string;
  through: string;
  status: 'requested' | 'closed' | 'rejected';
  requested_by: string;
  requested_at: Date;
  decided_by: string | null;
  decided_at: Date | null;
  reason: string | null;
}

/** Issue 33 item 5 (migration 0059): a borrower's request to erase their personal data, and its answer once carried out. */
export interface ErasureRequestsTable {
  id: Generated<string>;
  borrower_id: string;
  reason: string | null;
  status: ColumnType<'requested' | 'carried-out', 'requested' | 'carried-out' | undefined, 'requested' | 'carried-out'>;
  requested_at: Date;
  carried_out_by: string | null;
  carried_out_at: Date | null;
  answer: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
}
