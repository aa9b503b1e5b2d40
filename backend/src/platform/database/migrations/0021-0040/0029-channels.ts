import { sql, type Kysely } from 'kysely';

/**
 * Issue 15 item 3, WhatsApp, IVR and the dialer (communications). Plain tables, no projections: what the providers
 * tell us by webhook and what staff send or dial. Collection outcomes go to the loan's event stream (lending's
 * contact log), not here.
 * - `whatsapp_templates`: the templates approved with the provider, the only messages allowed outside the 24-hour window.
 * - `whatsapp_messages`: both directions of every conversation, keyed by the borrower's phone; an inbound message is
 *   stored once per provider message id (a replayed webhook changes nothing).
 * - `ivr_calls`: automated calls, requested by staff or reported by the provider, once per provider call id, with the
 *   outcome and whether it reached the contact log.
 * - `dialer_calls`: the click-to-call calls staff placed from the overdue book, and the outcome they captured.
 * - `channel_outbox`: what the development adapters would have sent (no provider configured).
 * Permissions `whatsapp.send`, `ivr.view`, `dialer.use` go to the built-in operations manager.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE whatsapp_templates (
      name text PRIMARY KEY,
      body text NOT NULL,
      parameters text[] NOT NULL DEFAULT '{}',
      approved boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    INSERT INTO whatsapp_templates (name, body, parameters) VALUES
      ('payment_reminder', 'Hello {{1}}, your instalment of {{2}} on loan {{3}} is due. Pay in the portal or reply to this message.', '{name,amount,loanReference}'),
      ('overdue_notice', 'Hello {{1}}, your instalment of {{2}} on loan {{3}} is overdue. Please pay today or reply to talk to us.', '{name,amount,loanReference}'),
      ('callback_request', 'Hello {{1}}, we tried to reach you about your loan. Reply to this message and we will call you back.', '{name}')`.execute(
    db,
  );
  await sql`
    CREATE TABLE whatsapp_messages (
      id uuid PRIMARY KEY,
      phone text NOT NULL,
      borrower_id uuid,
      loan_id uuid,
      direction text NOT NULL CHECK (direction IN ('inbound', 'outbound')),
      body text NOT NULL,
      template_name text REFERENCES whatsapp_templates (name),
      provider_message_id text UNIQUE,
      status text NOT NULL,
      sent_by uuid,
      at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX whatsapp_messages_phone ON whatsapp_messages (phone, at DESC)`.execute(db);
  await sql`CREATE INDEX whatsapp_messages_borrower ON whatsapp_messages (borrower_id, at DESC)`.execute(db);
  await sql`
    CREATE TABLE ivr_calls (
      id uuid PRIMARY KEY,
      provider_call_id text NOT NULL UNIQUE,
      loan_id uuid,
      phone text NOT NULL,
      status text NOT NULL CHECK (status IN ('requested', 'completed')),
      outcome text CHECK (outcome IN ('answered', 'no-answer', 'promised-to-pay', 'wrong-number')),
      promise_to_pay_on date,
      duration_seconds integer,
      ended_at timestamptz,
      contact_logged boolean NOT NULL DEFAULT false,
      contact_error text,
      requested_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX ivr_calls_created ON ivr_calls (created_at DESC, id)`.execute(db);
  await sql`CREATE INDEX ivr_calls_loan ON ivr_calls (loan_id, created_at DESC)`.execute(db);
  await sql`
    CREATE TABLE dialer_calls (
      id uuid PRIMARY KEY,
      loan_id uuid NOT NULL,
      phone text NOT NULL,
      staff_id uuid NOT NULL,
      provider_call_id text NOT NULL,
      outcome text,
      note text,
      started_at timestamptz NOT NULL,
      outcome_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX dialer_calls_loan ON dialer_calls (loan_id, started_at DESC)`.execute(db);
  await sql`
    CREATE TABLE channel_outbox (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      channel text NOT NULL CHECK (channel IN ('whatsapp', 'ivr', 'dialer')),
      recipient text NOT NULL,
      payload jsonb NOT NULL,
      provider_id text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    UPDATE staff_roles SET permissions = permissions || '{whatsapp.send,ivr.view,dialer.use}'
     WHERE id = 'operations-manager' AND NOT ('whatsapp.send' = ANY (permissions))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE channel_outbox, dialer_calls, ivr_calls, whatsapp_messages, whatsapp_templates`.execute(db);
  await sql`UPDATE staff_roles SET permissions = array_remove(array_remove(array_remove(permissions, 'whatsapp.send'), 'ivr.view'), 'dialer.use')`.execute(
    db,
  );
}
