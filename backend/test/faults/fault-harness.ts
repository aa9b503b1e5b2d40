import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { TEMPLATE_EVENTS } from '../../src/communications/domain/template-events.js';
import type { Db } from '../../src/platform/database/database.js';
import { borrowerNotificationsSubscription, NOTIFICATIONS_QUEUE } from '../../src/lending/loan/jobs/borrower-notifications.js';
import { waitFor } from '../support/wait-for.js';

/**
 * What the fault tests share: clients that send commands with an Idempotency-Key and retry an unanswered one with the
 * same key, and the audit of the event log and of the side effects afterwards.
 */

export type Sent = {
  key: string;
  command: string;
  /** The final answer's status; 0 when the client gave up (never expected). */
  status: number;
  body: unknown;
  /** Tries that got no answer (connection refused or reset, a 502/503/504) before the final one. */
  unanswered: number;
};

/** Where the API is now: a restarted API listens on another port. */
export type Target = { url: string };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends one command until it is answered: a refused or reset connection, a timeout or a 502/503/504 (the API
 * killed, restarting, or its database briefly gone) is retried with the same Idempotency-Key, so the API must
 * apply it once whatever happened to the earlier tries. Gives up after `giveUpMs` (status 0).
 */
export async function sendCommand(
  target: Target,
  method: 'POST' | 'PUT',
  path: string,
  token: string,
  body: unknown,
  options: { key?: string; command?: string; giveUpMs?: number } = {},
): Promise<Sent> {
  const key = options.key ?? `fault-${randomUUID()}`;
  const deadline = Date.now() + (options.giveUpMs ?? 300_000);
  let unanswered = 0;
  for (;;) {
    try {
      const res = await fetch(`${target.url}${path}`, {
        method,
        headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify(body ?? {}),
        signal: AbortSignal.timeout(60_000),
      });
      const text = await res.text();
      if (![502, 503, 504].includes(res.status)) {
        return {
          key,
          command: options.command ?? `${method} ${path}`,
          status: res.status,
          body: text ? (JSON.parse(text) as unknown) : undefined,
          unanswered,
        };
      }
    } catch {
      // No answer: the process died under the request, or nothing listens yet.
    }
    unanswered += 1;
    if (Date.now() > deadline) return { key, command: options.command ?? `${method} ${path}`, status: 0, body: undefined, unanswered };
    await pause(150);
  }
}

export type LogAudit = {
  sent: number;
  acknowledged: number;
  /** Acknowledged commands whose events are in the log (in one append). */
  foundInLog: number;
  /** Keys whose events were appended by more than one append. */
  duplicates: number;
  /** Acknowledged keyed commands with no event in the log. */
  lost: number;
  /** Commands that went unanswered at least once and were sent again with their key. */
  retried: number;
};

/**
 * The log against what the clients were told: every acknowledged command's events carry its key (metadata
 * idempotencyKey) and come from exactly one append (one transaction); no key appears in two appends.
 */
export async function auditLog(db: Db, sent: Sent[]): Promise<LogAudit> {
  // Commands store the client's key behind the actor's id (`<actor id>:<key>`), so two users' keys never meet.
  const rows = await sql<{ key: string; appends: string }>`
    SELECT substring(metadata->>'idempotencyKey' from '(fault-[0-9a-f-]+)$') AS key, count(DISTINCT transaction_id::text) AS appends
    FROM events WHERE metadata->>'idempotencyKey' LIKE '%fault-%' GROUP BY 1`.execute(db);
  const appends = new Map(rows.rows.map((r) => [r.key, Number(r.appends)]));
  // A payment's key names the payment instead (its id is derived from the key, so a retry names the same payment):
  // its PaymentRecorded events, by the id the answer carries.
  const payments = await sql<{ id: string; appends: string }>`
    SELECT data->>'paymentId' AS id, count(DISTINCT transaction_id::text) AS appends
    FROM events WHERE type = 'PaymentRecorded' GROUP BY 1`.execute(db);
  for (const s of sent.filter((s) => s.command === 'payments' && s.status === 201)) {
    const found = payments.rows.find((p) => p.id === (s.body as { id: string }).id);
    if (found) appends.set(s.key, Number(found.appends));
  }
  const acknowledged = sent.filter((s) => s.status >= 200 && s.status < 300);
  return {
    sent: sent.length,
    acknowledged: acknowledged.length,
    foundInLog: acknowledged.filter((s) => appends.get(s.key) === 1).length,
    duplicates: [...rows.rows, ...payments.rows].filter((r) => Number(r.appends) > 1).length,
    lost: acknowledged.filter((s) => !appends.has(s.key)).length,
    retried: sent.filter((s) => s.unanswered > 0).length,
  };
}

/** Every durable subscription has read the whole log: no committed event lies past its checkpoint. */
export async function waitForSubscriptionsCaughtUp(db: Db, names: string[]): Promise<void> {
  let last = '';
  // Gap-safe readers wait for every older transaction on the server (other test files share it): a generous bound.
  await waitFor(
    async () => {
      const r = await sql<{ name: string; behind: string }>`
      SELECT c.name, (SELECT count(*) FROM events e WHERE (e.transaction_id, e.global_position) > (c.transaction_id, c.global_position)) AS behind
      FROM subscription_checkpoints c`.execute(db);
      last = JSON.stringify(r.rows);
      const caughtUp = new Set(r.rows.filter((row) => Number(row.behind) === 0).map((row) => row.name));
      return names.every((n) => caughtUp.has(n));
    },
    `the subscriptions ${names.join(', ')} to reach the end of the log`,
    300_000,
  ).catch((error: Error) => {
    throw new Error(`${error.message}; checkpoints and events behind them: ${last}`);
  });
}

export type SideEffects = {
  notificationsExpected: number;
  notificationsWritten: number;
  notificationJobsCompleted: number;
  notificationJobsFailed: number;
  emailsExpected: number;
  emailsWritten: number;
  emailsDelivered: number;
  /** Events with more than one notification or email row. */
  duplicates: number;
  /** Events whose notification or email is missing. */
  lost: number;
};

const NOTIFYING_EVENTS = borrowerNotificationsSubscription(undefined as never, async () => new Map()).eventTypes;

/**
 * The side effects of the log, each once: a borrower notification per notifying event (loan_notifications, keyed by
 * the event's position, written by the `notifications` queue's job) and an email per event with an active template
 * (the `emails` row found through its dedupe key `loan-event:<position>:template:<id>`), sent or printed. Waits
 * until every expected one is there and delivered (or `limitMs` passes), then counts.
 */
export async function auditSideEffects(db: Db, redisUrl: string | undefined, keyPrefix: string, limitMs = 120_000): Promise<SideEffects> {
  const activeTemplateEvents = (await db.selectFrom('email_templates').select('event').where('active', '=', true).execute()).map(
    (r) => r.event,
  );
  const emailingEvents = TEMPLATE_EVENTS.filter((e) => e.loanEvent && activeTemplateEvents.includes(e.key)).map((e) => e.loanEvent!);
  const positionsOf = async (types: readonly string[]) =>
    types.length === 0
      ? []
      : (
          await db
            .selectFrom('events')
            .select('global_position')
            .where('type', 'in', [...types])
            .execute()
        ).map((r) => String(r.global_position));
  const expectedNotifications = await positionsOf(NOTIFYING_EVENTS);
  const expectedEmails = await positionsOf(emailingEvents);

  const notifications = async () =>
    (await db.selectFrom('loan_notifications').select('source_position').execute()).map((r) => String(r.source_position));
  const emails = async () =>
    (
      await db
        .selectFrom('email_dedupe as d')
        .innerJoin('emails as e', 'e.id', 'd.email_id')
        .select(['d.key', 'e.status'])
        .where('d.key', 'like', 'loan-event:%')
        .execute()
    ).map((r) => ({ position: r.key.split(':')[1], delivered: r.status === 'logged' || r.status === 'sent' }));
  await waitFor(
    async () => {
      const written = new Set(await notifications());
      const mails = await emails();
      const delivered = new Set(mails.filter((m) => m.delivered).map((m) => m.position));
      return expectedNotifications.every((p) => written.has(p)) && expectedEmails.every((p) => delivered.has(p));
    },
    'every notification written and every email delivered',
    limitMs,
  ).catch(() => undefined);

  const written = await notifications();
  const mails = await emails();
  const count = (list: string[]) => list.reduce((m, p) => m.set(p, (m.get(p) ?? 0) + 1), new Map<string, number>());
  const notificationCounts = count(written);
  const emailCounts = count(mails.map((m) => m.position));
  const jobs = await notificationJobCounts(redisUrl, keyPrefix);
  return {
    notificationsExpected: expectedNotifications.length,
    notificationsWritten: written.length,
    notificationJobsCompleted: jobs.completed,
    notificationJobsFailed: jobs.failed,
    emailsExpected: expectedEmails.length,
    emailsWritten: mails.length,
    emailsDelivered: mails.filter((m) => m.delivered).length,
    duplicates: [...notificationCounts.values(), ...emailCounts.values()].filter((n) => n > 1).length,
    lost:
      expectedNotifications.filter((p) => !notificationCounts.has(p)).length +
      expectedEmails.filter((p) => !mails.some((m) => m.position === p && m.delivered)).length,
  };
}

async function notificationJobCounts(redisUrl: string | undefined, keyPrefix: string): Promise<{ completed: number; failed: number }> {
  if (!redisUrl) return { completed: -1, failed: -1 };
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  const queue = new Queue(NOTIFICATIONS_QUEUE, { connection, prefix: keyPrefix });
  try {
    const counts = await queue.getJobCounts('completed', 'failed');
    return { completed: counts.completed ?? 0, failed: counts.failed ?? 0 };
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

/**
 * Signs a loan's agreement as Step6 does: the code is sent to the borrower's registered phone, read back from the SMS
 * log (kept in clear outside production) straight from the database, so a killed API does not stand in the way, then
 * sent with the document's hash as an audited command (through `send`).
 */
export async function signWithCode(
  target: Target,
  db: Db,
  loanId: string,
  borrowerToken: string,
  documentHash: string,
  send: (path: string, body: unknown) => Promise<Sent>,
): Promise<Sent> {
  // Asking for the code appends no event, so it is not one of the audited commands (not in `sent`).
  const asked = await sendCommand(target, 'POST', `/api/me/loans/${loanId}/agreement/code`, borrowerToken, {});
  if (asked.status >= 300) return asked;
  const row = await sql<{ body: string }>`
    SELECT s.body FROM sms_log s
    JOIN loan_summaries l ON l.id = ${loanId}
    JOIN users u ON u.id = l.borrower_id
    WHERE right(regexp_replace(s.to_phone, '\D', '', 'g'), 10) = right(regexp_replace(u.phone, '\D', '', 'g'), 10) AND s.purpose = 'e-sign'
    ORDER BY s.created_at DESC LIMIT 1`.execute(db);
  const code = /\b(\d{6})\b/.exec(row.rows[0]?.body ?? '')?.[1];
  if (!code) throw new Error(`no e-sign code in the SMS log for loan ${loanId}`);
  return send(`/api/me/loans/${loanId}/sign-agreement`, { documentHash, code });
}
