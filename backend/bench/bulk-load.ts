import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { loanStreamId, stepMetadata, type GeneratedLoan } from './loan-histories.js';

const FIRST_NAMES = [
  'Aarav',
  'Aditi',
  'Amit',
  'Ananya',
  'Arjun',
  'Asha',
  'Deepa',
  'Divya',
  'Farhan',
  'Gaurav',
  'Isha',
  'Karan',
  'Kavya',
  'Lakshmi',
  'Manish',
  'Meera',
  'Neha',
  'Nikhil',
  'Pooja',
  'Priya',
  'Rahul',
  'Ravi',
  'Rohan',
  'Sanjay',
  'Shreya',
  'Sneha',
  'Suresh',
  'Tanvi',
  'Vikram',
  'Zoya',
];
export const SURNAMES = [
  'Agarwal',
  'Banerjee',
  'Bhat',
  'Chopra',
  'Das',
  'Desai',
  'Gupta',
  'Iyer',
  'Jain',
  'Joshi',
  'Kapoor',
  'Khan',
  'Kulkarni',
  'Kumar',
  'Mehta',
  'Menon',
  'Mishra',
  'Nair',
  'Patel',
  'Pillai',
  'Rao',
  'Reddy',
  'Saxena',
  'Shah',
  'Sharma',
  'Singh',
  'Sinha',
  'Verma',
  'Yadav',
  'Zaveri',
];
/** A stored hash nobody can log in with: bulk-loaded users never sign in, only appear in queues. */
const UNUSABLE_HASH = '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2htYXJr$bm8tbG9naW4tZm9yLWJ1bGstbG9hZGVkLXVzZXJz';

/** Inserts users directly (identity is a plain table, not event-sourced), and lending's copy of the borrowers; returns their ids. */
export async function insertUsers(db: Kysely<any>, count: number, role: 'borrower' | 'staff', random: () => number): Promise<string[]> {
  const ids: string[] = [];
  const chunk = 5000;
  for (let start = 0; start < count; start += chunk) {
    const n = Math.min(chunk, count - start);
    const rows = { id: [] as string[], name: [] as string[], email: [] as string[], phone: [] as (string | null)[] };
    for (let i = 0; i < n; i++) {
      const serial = start + i;
      const first = FIRST_NAMES[Math.floor(random() * FIRST_NAMES.length)];
      const last = SURNAMES[Math.floor(random() * SURNAMES.length)];
      const id = randomUUID();
      ids.push(id);
      rows.id.push(id);
      rows.name.push(`${first} ${last}`);
      rows.email.push(`${first}.${last}.${role}${serial}@example.com`.toLowerCase());
      // Distinct per role so that borrowers and staff never collide on the unique phone index.
      rows.phone.push(role === 'borrower' ? `+91${String(7_000_000_000 + serial)}` : null);
    }
    await sql`
      INSERT INTO users (id, role, name, email, phone, password_hash, staff_role_id)
      SELECT id, ${role}, name, email, phone, ${UNUSABLE_HASH}, ${role === 'staff' ? 'credit-officer' : null}::text
      FROM unnest(${rows.id}::uuid[], ${rows.name}::text[], ${rows.email}::text[], ${rows.phone}::text[]) AS u(id, name, email, phone)`.execute(
      db,
    );
    // Lending's copy of the borrower directory, which the API keeps through identity's BorrowerDirectory port.
    if (role === 'borrower') {
      await sql`
        INSERT INTO loan_borrowers (user_id, name, email, phone)
        SELECT id, name, email, phone
        FROM unnest(${rows.id}::uuid[], ${rows.name}::text[], ${rows.email}::text[], ${rows.phone}::text[]) AS u(id, name, email, phone)`.execute(
        db,
      );
    }
  }
  return ids;
}

/** One row of `events` as the event store writes it (data and metadata as JSON text). */
export type EventRow = { stream: string; version: number; type: string; data: string; metadata: string; at: string };

/** The rows of whole loan histories, each stream from version 1. */
export function loanEventRows(loans: readonly GeneratedLoan[]): EventRow[] {
  const rows: EventRow[] = [];
  for (const loan of loans) {
    const stream = loanStreamId(loan.loanId);
    loan.steps.forEach((step, i) => {
      rows.push({
        stream,
        version: i + 1,
        type: step.event.type,
        data: JSON.stringify(step.event.data),
        metadata: JSON.stringify(stepMetadata(step)),
        at: step.event.data.at,
      });
    });
  }
  return rows;
}

/**
 * Writes whole loan histories straight into `events` with multi-row INSERTs (no inline projection), the same
 * columns and JSON the event store writes. Within a call the events are ordered by business time, so the log
 * interleaves loans as a real one does (a projection batch then spans many loans); each stream stays in one
 * statement or in statements run one after another, so versions are always in log order.
 */
export async function insertLoanEvents(db: Kysely<any>, loans: readonly GeneratedLoan[], statementRows = 4000): Promise<number> {
  return insertEventRows(db, loanEventRows(loans), statementRows);
}

/**
 * Inserts rows ordered by business time (then version: a stream's times never go back), `statementRows` a statement;
 * with `byTime: false`, in the order given (each loan's history in one piece: a rebuild then touches each loan once).
 */
export async function insertEventRows(db: Kysely<any>, rows: EventRow[], statementRows = 4000, byTime = true): Promise<number> {
  if (byTime) rows.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.version - b.version));
  for (let start = 0; start < rows.length; start += statementRows) {
    const part = rows.slice(start, start + statementRows);
    await sql`
      INSERT INTO events (stream_id, stream_type, version, type, data, metadata)
      SELECT stream_id, 'loan', version, type, data::jsonb, metadata::jsonb
      FROM unnest(${part.map((r) => r.stream)}::text[], ${part.map((r) => r.version)}::int[], ${part.map((r) => r.type)}::text[],
                  ${part.map((r) => r.data)}::text[], ${part.map((r) => r.metadata)}::text[])
           WITH ORDINALITY AS u(stream_id, version, type, data, metadata, n)
      ORDER BY n`.execute(db);
  }
  return rows.length;
}
