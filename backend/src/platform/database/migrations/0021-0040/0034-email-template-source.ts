import { sql, type Kysely } from 'kysely';

/**
 * Issue 15 follow-up.
 * - `emails.template_source` says what an email was rendered from: `active` (the event's active template, named by
 *   template_id and template_version) or `shipped` (the product's default in code, used when staff deactivated every
 *   template of an event the product must send: password reset, the agreement's e-sign link, collection reminders).
 *   Null for emails written before this column or without a template.
 * - An issued agreement sends one email, the e-sign link (template event `agreement-sign-link`, which now carries the
 *   terms too); the `agreement-issued` template event is retired, so its templates are deactivated (kept, with their
 *   versions, for the history of what was sent); the shipped one is no longer seeded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE emails ADD COLUMN template_source text CHECK (template_source IN ('active', 'shipped'))`.execute(db);
  await sql`UPDATE emails SET template_source = 'active' WHERE template_id IS NOT NULL`.execute(db);
  // The next version of each, inactive, made by the system: the version history stays the truth.
  await sql`
    INSERT INTO email_template_versions (template_id, version, name, event, subject, html, text, active, made_by)
    SELECT id, version + 1, name, event, subject, html, text, false, 'system' FROM email_templates WHERE event = 'agreement-issued' AND active`.execute(
    db,
  );
  await sql`
    UPDATE email_templates SET active = false, version = version + 1, updated_by = 'system', updated_at = now()
    WHERE event = 'agreement-issued' AND active`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE emails DROP COLUMN template_source`.execute(db);
}
