/**
 * What an erasure must keep, and until when (DPDP Act, 2023, s. 8(7): personal data is erased when the purpose is
 * served "unless retention is necessary for compliance with any law for the time being in force"; s. 12(3): erasure on
 * the Data Principal's request, with the same exception). The law that makes a lender keep data is the RBI's Master
 * Direction - Know Your Customer (KYC) Direction, 2016, Chapter VII "Record Management" (under the Prevention of
 * Money-Laundering Act, 2002 and its Rules, 2005): regulated entities shall
 * (a) "maintain all necessary records of transactions between the RE and the customer ... for at least five years
 *     from the date of transaction", and
 * (b) "preserve the records pertaining to the identification of the customers and their addresses obtained while
 *     opening the account and during the course of business relationship, for at least five years after the business
 *     relationship is ended"; the Explanation counts "account files, business correspondence" among them.
 * Pure rules, no I/O: the relationship and today arrive as arguments.
 */
export const RETENTION_YEARS = 5;

/** One application or loan as the rules read it: still running (in progress, open) or ended on a business day. */
export type RelationshipItem = { loanId: string; state: string; running: boolean; endedOn: string | null };

/**
 * The duty to keep records: none (the borrower never applied, or the five years after the relationship ended have
 * passed), while applications or loans still run (and five years after), or until a day.
 */
export type RetentionDuty =
  | { kind: 'none'; endedOn: string | null }
  | { kind: 'while-running'; running: string[] }
  | { kind: 'until'; until: string; endedOn: string };

/** `YYYY-MM-DD` plus whole years; 29 February becomes 28 February in a year that has none (never a day short of the years). */
export function addYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const target = y + years;
  const last = new Date(Date.UTC(target, m, 0)).getUTCDate();
  return `${String(target).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/**
 * The duty on `today` (a business day). The relationship ends when the last application or loan ends (closed,
 * settled, exited, rejected, cancelled); records are kept through the day five years after that (the Direction's "at
 * least five years"), so the duty is over the day after.
 */
export function retentionDuty(relationship: readonly RelationshipItem[], today: string): RetentionDuty {
  const running = relationship.filter((r) => r.running).map((r) => r.loanId);
  if (running.length > 0) return { kind: 'while-running', running };
  const ends = relationship.map((r) => r.endedOn).filter((d): d is string => d !== null);
  if (ends.length === 0) return { kind: 'none', endedOn: null };
  const endedOn = ends.reduce((a, b) => (a > b ? a : b));
  const until = addYears(endedOn, RETENTION_YEARS);
  return until >= today ? { kind: 'until', until, endedOn } : { kind: 'none', endedOn };
}

/** The kinds of personal data an erasure may erase. */
export type ErasablePart = 'push-devices' | 'sessions' | 'marketing-consent' | 'profile' | 'help-issues' | 'messages' | 'account';
/** Every kind of personal data an erasure answers for: the erasable ones, and those only ever kept. */
export type ErasurePart = ErasablePart | 'loan-records' | 'event-log' | 'consent-records';

export type ErasedLine = { part: ErasablePart; what: string; count: number };
export type KeptLine = { part: ErasurePart; what: string; why: string; until: string | null; untilText: string };
/** The answer a carried-out request gives the borrower and staff: what was erased, what was kept, why and until when. */
export type ErasureAnswer = { duty: RetentionDuty; erased: ErasedLine[]; kept: KeptLine[] };

/** Each kind of personal data in plain words, as the borrower reads it. */
const PART_LABELS: Record<ErasurePart, string> = {
  'push-devices': 'Devices registered for push notifications (device tokens and push subscriptions)',
  sessions: 'Signed-in devices: sessions, browsers and IP addresses, online status, password-reset links',
  'marketing-consent': 'Your consent to offers and news (communications): withdrawn, so no marketing is sent',
  profile: 'Your profile and KYC details: the seven profile sections, their review history, uploaded documents, the quick-start answers',
  'help-issues': 'Your help issues and their messages',
  messages: 'Messages we sent you: emails, SMS, push notifications, WhatsApp',
  account: 'Your account: name, email, phone, password, social sign-in and one-time codes',
  'loan-records': 'Your applications and loans: terms, schedules, payments, agreements and their documents',
  'event-log': "The loans' history of events (amounts, dates, decisions; your customer number, never your name, phone or email)",
  'consent-records': 'The record of each consent you gave or withdrew (purpose, text version, when)',
};

/** What erasing a part does, where that is more than deleting it. */
const ERASED_AS: Partial<Record<ErasablePart, string>> = {
  account:
    'Your account: name, email and phone replaced by placeholders; password, social sign-in and one-time codes removed; the account closed',
};

/** A part as the answer names it once erased. */
export const erasedWhat = (part: ErasablePart): string => ERASED_AS[part] ?? PART_LABELS[part];

const KYC_WHY =
  'RBI Master Direction - Know Your Customer (KYC) Direction, 2016, Chapter VII Record Management (b): identification and address records, account files and business correspondence are kept at least five years after the business relationship ends';
const TRANSACTIONS_WHY =
  'RBI Master Direction - Know Your Customer (KYC) Direction, 2016, Chapter VII Record Management (a): records of transactions are kept at least five years from the date of the transaction (Prevention of Money-Laundering Act, 2002, s. 12)';
const EVENTS_WHY =
  'The event log is append-only (it is the books of every loan); it names you only by your customer number, which no longer leads to your name, phone or email once those are erased';
const CONSENT_WHY =
  'DPDP Act, 2023, s. 6(10): the lender must be able to prove the consent it relied on; the record holds no contact details';

/** The parts erased whatever the duty: nothing the law makes a lender keep. */
const ALWAYS_ERASED: readonly ErasablePart[] = ['push-devices', 'sessions', 'marketing-consent'];
/** The parts erased only once no duty is left. */
const ERASED_WITHOUT_DUTY: readonly ErasablePart[] = ['profile', 'help-issues', 'messages', 'account'];

/** What is kept under a duty, and why. */
const KEPT_UNDER_DUTY: readonly { part: ErasurePart; why: string }[] = [
  { part: 'account', why: KYC_WHY },
  { part: 'profile', why: KYC_WHY },
  { part: 'loan-records', why: TRANSACTIONS_WHY },
  { part: 'messages', why: `${KYC_WHY} (business correspondence)` },
  { part: 'help-issues', why: `${KYC_WHY} (business correspondence; complaints under the RBI Integrated Ombudsman Scheme, 2021)` },
];

function untilText(duty: RetentionDuty): { until: string | null; untilText: string } {
  switch (duty.kind) {
    case 'while-running':
      return {
        until: null,
        untilText: `While your ${duty.running.length === 1 ? 'application or loan runs' : `${duty.running.length} applications or loans run`}, then ${RETENTION_YEARS} years after the last one ends`,
      };
    case 'until':
      return {
        until: duty.until,
        untilText: `Until ${duty.until} (${RETENTION_YEARS} years after your last loan or application ended on ${duty.endedOn})`,
      };
    case 'none':
      return { until: null, untilText: 'Kept' };
  }
}

/** Which parts an erasure under `duty` erases (in this order), and which it keeps with why and until when. */
export function erasurePlan(duty: RetentionDuty): { erase: ErasablePart[]; kept: KeptLine[] } {
  const underDuty = duty.kind !== 'none';
  const erase = underDuty ? [...ALWAYS_ERASED] : [...ALWAYS_ERASED, ...ERASED_WITHOUT_DUTY];
  const period = untilText(duty);
  const hadLoans = duty.kind !== 'none' || duty.endedOn !== null;
  const kept: KeptLine[] = [
    ...(underDuty ? KEPT_UNDER_DUTY.map(({ part, why }) => ({ part, what: PART_LABELS[part], why, ...period })) : []),
    ...(duty.kind === 'none' && duty.endedOn !== null
      ? [
          {
            part: 'loan-records' as const,
            what: PART_LABELS['loan-records'],
            why: `${TRANSACTIONS_WHY}. They name you by your customer number only, now that your contact details are erased`,
            until: null,
            untilText: 'Kept, without your name, phone or email',
          },
        ]
      : []),
    ...(hadLoans
      ? [
          {
            part: 'event-log' as const,
            what: PART_LABELS['event-log'],
            why: EVENTS_WHY,
            until: null,
            untilText: 'Kept: it is never changed',
          },
        ]
      : []),
    {
      part: 'consent-records',
      what: PART_LABELS['consent-records'],
      why: CONSENT_WHY,
      until: null,
      untilText: 'Kept, without your contact details',
    },
  ];
  return { erase, kept };
}
