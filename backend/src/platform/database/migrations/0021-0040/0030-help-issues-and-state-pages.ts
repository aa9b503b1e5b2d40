import { sql, type Kysely } from 'kysely';

/**
 * Issue 15 items 5 and 7: help issues and the state landing pages. Plain tables (DESIGN §1), each change audited
 * beside them, like leads:
 * - `help_issues` (+ `help_issue_messages`, `help_issue_changes`): a borrower's issue, its number, category, optional
 *   loan, status (open → in progress → resolved → closed), assignee and attachments (ids of the borrower's own
 *   uploads in `customer_documents`). Messages are the borrower's and staff's replies and staff's internal notes
 *   (`internal`: never shown to the borrower nor emailed).
 * - `state_pages`: public landing pages per Indian state and city, at `/{state}/{city}` in the portal.
 * `issues.manage` was seeded by 0017; state pages reuse `banners.manage` (staff-managed public content).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE SEQUENCE help_issue_numbers START 1001`.execute(db);
  await sql`
    CREATE TABLE help_issues (
      id uuid PRIMARY KEY,
      number integer NOT NULL UNIQUE DEFAULT nextval('help_issue_numbers'),
      borrower_id uuid NOT NULL,
      category text NOT NULL,
      loan_id uuid,
      message text NOT NULL,
      attachment_ids uuid[] NOT NULL DEFAULT '{}',
      status text NOT NULL CHECK (status IN ('open', 'inProgress', 'resolved', 'closed')),
      assigned_to uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      resolved_at timestamptz
    )`.execute(db);
  await sql`ALTER SEQUENCE help_issue_numbers OWNED BY help_issues.number`.execute(db);
  await sql`CREATE INDEX help_issues_borrower ON help_issues (borrower_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX help_issues_status ON help_issues (status, created_at)`.execute(db);
  await sql`CREATE INDEX help_issues_assignee ON help_issues (assigned_to, status)`.execute(db);
  await sql`
    CREATE TABLE help_issue_messages (
      id uuid PRIMARY KEY,
      issue_id uuid NOT NULL REFERENCES help_issues (id),
      author_id uuid NOT NULL,
      author_role text NOT NULL CHECK (author_role IN ('borrower', 'staff')),
      message text NOT NULL,
      internal boolean NOT NULL DEFAULT false,
      email_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (NOT internal OR author_role = 'staff')
    )`.execute(db);
  await sql`CREATE INDEX help_issue_messages_issue ON help_issue_messages (issue_id, created_at, id)`.execute(db);
  await sql`
    CREATE TABLE help_issue_changes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      issue_id uuid NOT NULL REFERENCES help_issues (id),
      field text NOT NULL,
      from_value text,
      to_value text,
      changed_by text NOT NULL,
      changed_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX help_issue_changes_issue ON help_issue_changes (issue_id, id)`.execute(db);

  await sql`
    CREATE TABLE state_pages (
      id uuid PRIMARY KEY,
      state text NOT NULL,
      city text NOT NULL,
      state_slug text NOT NULL,
      city_slug text NOT NULL,
      title text NOT NULL,
      text text NOT NULL,
      offer text,
      active boolean NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by text NOT NULL,
      UNIQUE (state_slug, city_slug)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE state_pages`.execute(db);
  await sql`DROP TABLE help_issue_changes, help_issue_messages, help_issues`.execute(db);
}
