import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PRODUCT_SETTINGS, type ProductSettings } from './product-settings.js';

/** Thrown when the environment cannot start the product; its message is one sentence for the operator. */
export class ConfigError extends Error {}

const optionalUrl = (name: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || /^[a-z][a-z0-9+.-]*:\/\//i.test(v), `${name} must be a URL such as scheme://host:port`);

const minorUnits = (fallback: number) =>
  z.coerce.number().int('must be a whole number of minor units').positive('must be greater than 0').default(fallback);
const months = (fallback: number) =>
  z.coerce.number().int('must be a whole number of months').min(1, 'must be at least 1').max(600, 'must be at most 600').default(fallback);
const percent = (fallback: number) =>
  z.coerce.number().min(0, 'must be between 0 and 100').max(100, 'must be between 0 and 100').default(fallback);

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// npm runs workspace scripts inside backend/; INIT_CWD is where the user typed the command, so ./.data means theirs.
/** The seven profile sections of a borrower (origination); kept here so the setting is checked at start-up. */
const PROFILE_SECTION_NAMES = ['address', 'bank', 'documents', 'employment', 'profile', 'reference', 'selfie'];

/**
 * A list of reminder days (REMINDER_DAYS_BEFORE, REMINDER_DAYS_AFTER): comma-separated whole numbers from 1 to 365,
 * each once; empty means none. Answers the sorted list, or a sentence naming what is wrong.
 */
export function parseReminderDays(name: string, value: string): number[] | string {
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const days: number[] = [];
  for (const item of items) {
    if (!/^\d+$/.test(item) || Number(item) < 1 || Number(item) > 365)
      return `${name} must be a comma-separated list of whole days from 1 to 365 (such as 3,1); "${item}" is not one`;
    if (days.includes(Number(item))) return `${name} names ${item} twice`;
    days.push(Number(item));
  }
  return days.sort((a, b) => a - b);
}

const reminderDays = (name: string, fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .superRefine((value, ctx) => {
      const parsed = parseReminderDays(name, value);
      if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', message: parsed });
    })
    .transform((value) => parseReminderDays(name, value) as number[]);

const defaultDataDir = (env: NodeJS.ProcessEnv) => (env.INIT_CWD ? path.join(env.INIT_CWD, '.data') : './.data');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().trim().min(1).optional(),
  DATABASE_URL: optionalUrl('DATABASE_URL'),
  READ_DATABASE_URL: optionalUrl('READ_DATABASE_URL'),
  REDIS_URL: optionalUrl('REDIS_URL'),
  EVENTSTORE_URL: optionalUrl('EVENTSTORE_URL'),
  JWT_SECRET: z.string().min(16, 'JWT_SECRET must be at least 16 characters').optional(),
  PAYMENT_WEBHOOK_SECRET: z.string().min(16, 'PAYMENT_WEBHOOK_SECRET must be at least 16 characters').optional(),
  WHATSAPP_WEBHOOK_SECRET: z.string().min(16, 'WHATSAPP_WEBHOOK_SECRET must be at least 16 characters').optional(),
  IVR_WEBHOOK_SECRET: z.string().min(16, 'IVR_WEBHOOK_SECRET must be at least 16 characters').optional(),
  PAYMENT_SANDBOX: z.enum(['true', 'false'], { error: 'PAYMENT_SANDBOX must be true or false' }).optional(),
  JWT_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(180),
  ADMIN_EMAIL: z.email('ADMIN_EMAIL must be an email address').default('admin@lending.local'),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).default(19456),
  ARGON2_MAX_CONCURRENCY: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(64, 'must be at most 64')
    .optional(),
  ARGON2_MAX_QUEUE: z.coerce
    .number()
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(10_000, 'must be at most 10000')
    .default(16),
  CORS_ORIGINS: z.string().optional(),
  QUEUE_BACKEND: z.enum(['auto', 'redis', 'postgres'], { error: 'QUEUE_BACKEND must be auto, redis or postgres' }).default('auto'),
  WORKER_IN_PROCESS: z.enum(['true', 'false']).default('true'),
  WORKER_QUEUES: z.string().optional(),
  PUBLIC_URL: optionalUrl('PUBLIC_URL'),
  API_DOCS: z.enum(['true', 'false'], { error: 'API_DOCS must be true or false' }).optional(),
  TRUST_PROXY: z.string().trim().optional(),
  SMTP_URL: optionalUrl('SMTP_URL'),
  MAIL_FROM: z.string().trim().min(3).default('Open Lending <no-reply@lending.local>'),
  PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().min(5, 'must be at least 5').max(1440, 'must be at most 1440').default(30),
  STORAGE: z.enum(['postgres', 'disk', 's3'], { error: 'STORAGE must be postgres, disk or s3' }).optional(),
  STORAGE_S3_BUCKET: z.string().trim().optional(),
  S3_BUCKET: z.string().trim().optional(),
  STORAGE_S3_REGION: z.string().trim().min(1).default('us-east-1'),
  STORAGE_S3_ENDPOINT: optionalUrl('STORAGE_S3_ENDPOINT'),
  STORAGE_S3_PREFIX: z
    .string()
    .trim()
    .regex(/^([A-Za-z0-9._-]+\/)*$/, 'STORAGE_S3_PREFIX must be empty or end with / (e.g. lending/)')
    .default(''),
  STORAGE_S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'STORAGE_S3_FORCE_PATH_STYLE must be true or false' }).default('false'),
  STORAGE_S3_ACCESS_KEY_ID: z.string().trim().optional(),
  STORAGE_S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  FIREBASE_PROJECT_ID: z.string().trim().optional(),
  FIREBASE_AUTH_EMULATOR_HOST: z.string().trim().optional(),
  FIREBASE_SERVICE_ACCOUNT: z.string().trim().optional(),
  PUSH_DEV_INVALID_TOKEN_PREFIX: z.string().trim().default('invalid-'),
  PUSH_DEV_FAILING_TOKEN_PREFIX: z.string().trim().default('failing-'),
  RATE_LIMIT_LOGIN_FAILURES: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_LOGIN_FAILURES_PER_IP: z.coerce.number().int().min(1).default(50),
  RATE_LIMIT_LOGINS_PER_IP: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').default(30),
  RATE_LIMIT_REGISTRATIONS_PER_IP: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_PASSWORD_RESETS: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_TOKEN_REGENERATIONS: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_OTP_PER_PHONE: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').default(5),
  RATE_LIMIT_OTP_PER_IP: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').default(20),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int('must be a whole number of bytes')
    .min(1024, 'must be at least 1024')
    .max(50 * 1024 * 1024, 'must be at most 52428800')
    .default(5 * 1024 * 1024),
  PROFILE_REQUIRED_SECTIONS: z
    .string()
    .trim()
    .default('profile,address,bank,documents,employment,reference,selfie')
    .refine(
      (v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .every((s) => PROFILE_SECTION_NAMES.includes(s)),
      `PROFILE_REQUIRED_SECTIONS must be a comma-separated list of sections: address, bank, documents, employment, profile, reference, selfie (or empty)`,
    ),
  SESSION_CACHE_MAX_ENTRIES: z.coerce
    .number()
    .int('must be a whole number')
    .min(0, 'must be at least 0 (0 turns the session cache off)')
    .max(1_000_000, 'must be at most 1000000')
    .default(10_000),
  SESSION_CACHE_MAX_AGE_SECONDS: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(3600, 'must be at most 3600')
    .default(60),
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(200, 'must be at most 200')
    .default(10),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce
    .number()
    .int('must be a whole number')
    .min(100, 'must be at least 100')
    .max(60_000, 'must be at most 60000')
    .default(3000),
  COLLECTION_CONTACTS_PER_DAY_MAX: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be between 1 and 20')
    .max(20, 'must be between 1 and 20')
    .default(3),
  ISSUE_SLA_HOURS: z.coerce
    .number()
    .int('must be a whole number of hours')
    .min(1, 'must be between 1 and 720')
    .max(720, 'must be between 1 and 720')
    .default(48),
  READ_DATABASE_WAIT_MS: z.coerce
    .number()
    .int('must be a whole number')
    .min(0, 'must be at least 0 (0: read the primary at once when the replica is behind)')
    .max(10_000, 'must be at most 10000')
    .default(1000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int('must be a whole number')
    .min(0, 'must be at least 0 (0: no limit)')
    .max(3_600_000, 'must be at most 3600000')
    .default(30_000),
  QUEUE_LOCK_DURATION_MS: z.coerce
    .number()
    .int('must be a whole number')
    .min(1000, 'must be at least 1000')
    .max(600_000, 'must be at most 600000')
    .default(30_000),
  EMAIL_SWEEP_INTERVAL_MS: z.coerce
    .number()
    .int('must be a whole number')
    .min(1000, 'must be at least 1000')
    .max(86_400_000, 'must be at most 86400000')
    .default(60_000),
  EMAIL_STALE_AFTER_MS: z.coerce
    .number()
    .int('must be a whole number')
    .min(1000, 'must be at least 1000')
    .max(86_400_000, 'must be at most 86400000')
    .default(60_000),
  QUEUE_STALLED_INTERVAL_MS: z.coerce
    .number()
    .int('must be a whole number')
    .min(1000, 'must be at least 1000')
    .max(600_000, 'must be at most 600000')
    .default(30_000),
  COLLECTIONS_UPCOMING_DAYS: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be between 1 and 60')
    .max(60, 'must be between 1 and 60')
    .default(7),
  PRESENCE_SOCKETS_PER_ADDRESS: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').default(100),
  LENDER_NAME: z.string().default('Open Lending Finance Pvt. Ltd.'),
  LENDER_ADDRESS: z.string().default('12 MG Road, Bengaluru 560001, India'),
  KFS_COOLING_OFF_DAYS: z.coerce
    .number()
    .int('must be a whole number of days')
    .min(1, 'must be at least 1 day')
    .max(30, 'must be at most 30 days')
    .default(3),
  /** Issue 33: whether the processing fee is kept when the borrower exits in the cooling-off period (the KFS says so). */
  KFS_COOLING_OFF_FEE_RETAINED: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  GRIEVANCE_OFFICER_NAME: z.string().trim().min(1).default('Grievance Redressal Officer'),
  GRIEVANCE_OFFICER_PHONE: z.string().trim().min(1).default('+91 80 4000 0000'),
  GRIEVANCE_OFFICER_EMAIL: z.string().trim().email('must be an email address').default('grievance@lending.local'),
  GRIEVANCE_OFFICER_ADDRESS: z.string().trim().min(1).optional(),
  /** Issue 33 item 7: the reporting member the credit information companies registered (TUDF header and TL segment). */
  BUREAU_MEMBER_ID: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{1,10}$/, 'BUREAU_MEMBER_ID must be the member id the bureau gave you: 1 to 10 capital letters and digits')
    .default('NB00000000'),
  BUREAU_MEMBER_SHORT_NAME: z
    .string()
    .trim()
    .regex(/^[ -~]{1,16}$/, 'BUREAU_MEMBER_SHORT_NAME must be the short name the bureau registered: 1 to 16 ASCII characters')
    .default('OPENLENDING'),
  PENNY_DROP_FAIL_ACCOUNTS: z
    .string()
    .regex(
      /^\s*([0-9]{9,18}\s*(,\s*[0-9]{9,18}\s*)*)?$/,
      'PENNY_DROP_FAIL_ACCOUNTS must be account numbers (9 to 18 digits) separated by commas',
    )
    .optional(),
  AGREEMENT_LINK_TTL_HOURS: z.coerce
    .number()
    .int('must be a whole number of hours')
    .min(1, 'must be at least 1 hour')
    .max(720, 'must be at most 720 hours')
    .default(72),
  CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'CURRENCY must be a three-letter ISO code such as INR')
    .default(DEFAULT_PRODUCT_SETTINGS.currency),
  EMI_MIN_AMOUNT: minorUnits(DEFAULT_PRODUCT_SETTINGS.EMI.minAmount),
  EMI_MAX_AMOUNT: minorUnits(DEFAULT_PRODUCT_SETTINGS.EMI.maxAmount),
  EMI_MIN_TENURE_MONTHS: months(DEFAULT_PRODUCT_SETTINGS.EMI.minTenureMonths),
  EMI_MAX_TENURE_MONTHS: months(DEFAULT_PRODUCT_SETTINGS.EMI.maxTenureMonths),
  EMI_ANNUAL_RATE_PERCENT: percent(DEFAULT_PRODUCT_SETTINGS.EMI.annualRatePercent),
  EMI_PROCESSING_FEE_PERCENT: percent(DEFAULT_PRODUCT_SETTINGS.EMI.processingFeePercent),
  SALARY_ADVANCE_MIN_AMOUNT: minorUnits(DEFAULT_PRODUCT_SETTINGS.salaryAdvance.minAmount),
  SALARY_ADVANCE_MAX_AMOUNT: minorUnits(DEFAULT_PRODUCT_SETTINGS.salaryAdvance.maxAmount),
  SALARY_ADVANCE_FEE_PERCENT: percent(DEFAULT_PRODUCT_SETTINGS.salaryAdvance.feePercent),
  BUSINESS_TIMEZONE: z
    .string()
    .trim()
    .default('Asia/Kolkata')
    .refine(isTimeZone, 'BUSINESS_TIMEZONE must be an IANA time zone such as Asia/Kolkata'),
  BUSINESS_DATE_MODE: z.enum(['automatic', 'manual'], { error: 'BUSINESS_DATE_MODE must be automatic or manual' }).default('automatic'),
  ALLOW_MANUAL_BUSINESS_DATE: z.enum(['true', 'false'], { error: 'ALLOW_MANUAL_BUSINESS_DATE must be true or false' }).default('false'),
  REMINDER_DAYS_BEFORE: reminderDays('REMINDER_DAYS_BEFORE', '3,1'),
  REMINDER_DAYS_AFTER: reminderDays('REMINDER_DAYS_AFTER', '1,7,15'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace or silent',
    })
    .optional(),
  METRICS_TOKEN: z.string().trim().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number()
    .int('must be a whole number of milliseconds')
    .min(100, 'must be at least 100')
    .max(600_000, 'must be at most 600000')
    .default(10_000),
  SALARY_ADVANCE_PAY_DAY: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be between 1 and 28')
    .max(28, 'must be between 1 and 28')
    .default(DEFAULT_PRODUCT_SETTINGS.salaryAdvance.defaultPayDayOfMonth),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  dataDir: string;
  databaseUrl?: string;
  /**
   * A streaming replica of the primary (or a managed read endpoint) for queue pages, searches, counts and reports
   * (READ_DB); `waitMs`: how long a read naming a commit position (X-Read-After) waits for the replica to replay it
   * before it reads the primary. Undefined: every read goes to the primary.
   */
  readDatabase?: { url: string; waitMs: number };
  redisUrl?: string;
  eventStoreUrl?: string;
  jwtSecret: string;
  jwtTtlDays: number;
  admin: { email: string; password: string };
  argon2MemoryKib: number;
  /** Password hashes and checks running at once in this process (the rest wait in a line of `argon2MaxQueue`, then 503). */
  argon2MaxConcurrency: number;
  argon2MaxQueue: number;
  queueBackend: 'auto' | 'redis' | 'postgres';
  /** Browser origins allowed to call the API cross-origin (the frontends' dev servers); the built ones are same-origin. */
  corsOrigins: string[];
  workerInProcess: boolean;
  workerQueues?: string[];
  lender: { name: string; address: string };
  /** The Key Facts Statement's Part 2: the cooling-off (look-up) period and the grievance officer. */
  kfs: {
    coolingOffDays: number;
    coolingOffFeeRetained?: boolean;
    grievanceOfficer: { name: string; phone: string; email: string; address: string };
  };
  /** How long the e-sign link emailed with an issued agreement works (single use). */
  agreementLinkTtlHours: number;
  /** The reporting member in the monthly credit bureau file (BUREAU_MEMBER_ID, BUREAU_MEMBER_SHORT_NAME). */
  bureauMember: { id: string; shortName: string };
  /**
   * The development penny drop (no bank is called): on outside production it credits every account and answers the
   * Bank section's holder name, except the account numbers in PENNY_DROP_FAIL_ACCOUNTS, which the "bank" refuses.
   * In production it refuses every account until a real provider adapter is wired (docs/origination.md).
   */
  pennyDrop: { development: boolean; failingAccounts: string[] };
  /** Where borrowers reach the portal; links in emails start here. */
  publicUrl: string;
  /** Swagger UI and the OpenAPI document at /api/docs: on by default, off in production unless API_DOCS=true. */
  apiDocs: boolean;
  /** Fastify's `trustProxy` (a hop count or addresses), so rate limits see the client's address behind a load balancer. */
  trustProxy?: string;
  mail: { smtpUrl?: string; from: string };
  /**
   * Documents (agreements, uploads) in PostgreSQL by default; in files under `disk.dir` (DATA_DIR/documents) with
   * STORAGE=disk; in an S3-compatible bucket when STORAGE_S3_BUCKET (or its alias S3_BUCKET) is set.
   */
  storage: {
    disk?: { dir: string };
    s3?: {
      bucket: string;
      region: string;
      endpoint?: string;
      prefix: string;
      forcePathStyle: boolean;
      credentials?: { accessKeyId: string; secretAccessKey: string };
    };
  };
  passwordResetTtlMinutes: number;
  /** Social sign-in is on when a Firebase project is named; the emulator host makes firebase-admin accept emulator tokens. */
  firebase: { projectId?: string; authEmulatorHost?: string };
  /**
   * Push notifications (issue 15): sent through FCM with firebase-admin when FIREBASE_SERVICE_ACCOUNT names a service
   * account (its JSON, or the path of its JSON file) and FIREBASE_PROJECT_ID is set; otherwise the development adapter
   * records each push without sending, answering "unregistered" for tokens starting with `devInvalidTokenPrefix` and
   * failing for tokens starting with `devFailingTokenPrefix` (so the removal and retry paths can be seen locally).
   */
  push: { serviceAccount?: string; devInvalidTokenPrefix: string; devFailingTokenPrefix: string };
  /** Abuse limits: how many attempts each window allows (windows are fixed in identity/abuse/rate-limiter.ts). */
  rateLimits: {
    loginFailures: number;
    loginFailuresPerIp: number;
    loginsPerIp: number;
    registrationsPerIp: number;
    passwordResets: number;
    tokenRegenerations: number;
    otpPerPhone: number;
    otpPerIp: number;
  };
  /** Uploads (origination): the largest file accepted, in bytes (a selfie has its own, lower limit). */
  uploadMaxBytes: number;
  /** The profile sections a borrower completes before an application can be submitted (422 profile-incomplete). */
  profileRequiredSections: string[];
  /** Open presence sockets one client address may hold, across API processes (a session holds at most 10). */
  presenceSocketsPerAddress: number;
  /**
   * The per-process cache of session checks (docs/security.md): at most `maxEntries` sessions (0 turns it off), each
   * read again after `maxAgeSeconds` at the latest; invalidated at once by LISTEN access_changed.
   */
  sessionCache: { maxEntries: number; maxAgeSeconds: number };
  /** Connections in this process's PostgreSQL pool. */
  databasePoolSize: number;
  /** How long a request waits for a pooled PostgreSQL connection (or a new one) before it fails with 503. */
  databaseConnectTimeoutMs: number;
  /**
   * The longest one SQL statement may run (PostgreSQL's statement_timeout, and the driver's query_timeout a little
   * later for a connection that stops answering); 0: no limit. Migrations run without it.
   */
  databaseStatementTimeoutMs: number;
  /**
   * BullMQ's job lock (a worker renews it every half of it) and how often workers look for jobs whose lock expired:
   * a job whose worker died is taken up again within about lockDurationMs + stalledIntervalMs.
   */
  queueRecovery: { lockDurationMs: number; stalledIntervalMs: number };
  /**
   * The outbox sweeps (emails, collection reminders): how often they run, and how long a `queued` row must have been
   * left alone (its job never reached the queue: Redis was down, the process died) before it is handed over again.
   */
  outboxSweep: { everyMs: number; staleAfterMs: number };
  product: ProductSettings;
  /**
   * The date business runs on (disbursal dates, value dates, quotes): today in `timeZone`, or, in manual mode (training,
   * testing, catch-up), the date staff with business-date.manage set. Manual is refused in production unless allowed.
   */
  businessDate: { timeZone: string; mode: 'automatic' | 'manual' };
  /**
   * Online payments (issue 12): the key of the provider's webhook signatures (HMAC-SHA256), and whether the sandbox
   * provider's Pay/Fail page is served. In production online payments are off until PAYMENT_WEBHOOK_SECRET is set,
   * and the sandbox page is off unless PAYMENT_SANDBOX=true (anyone holding a payment id could "pay" through it).
   */
  payments: { webhookSecret?: string; sandbox: boolean };
  /**
   * WhatsApp and IVR (issue 15): the keys of the providers' inbound webhook signatures (HMAC-SHA256 of the raw body).
   * Unset, that webhook answers 503 and stores nothing (no development default: a webhook is the provider's to call).
   */
  channels: { whatsappWebhookSecret?: string; ivrWebhookSecret?: string };
  /**
   * Collection buckets (issue 13): `Upcoming` lists instalments due within `upcomingDays` of the business date.
   * Recovery conduct (issue 33): at most `contactsPerDayMax` collection contacts of a borrower per business date, by
   * every channel together (COLLECTION_CONTACTS_PER_DAY_MAX, default 3).
   */
  collections: { upcomingDays: number; contactsPerDayMax: number };
  /** Help issues: hours within which an issue should be resolved (older unresolved ones are overdue). */
  issues: { slaHours: number };
  /**
   * Collection reminders (issue 13): days before a due date a due-soon reminder goes out, and days after it an
   * overdue one; each sent inside the contact window (08:00–19:00 in the business time zone).
   */
  reminders: { daysBefore: number[]; daysAfter: number[] };
  /** One JSON line per request and per notable event (pino); tests run at `silent` unless they capture lines. */
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** A scraper's bearer token for /metrics and /api/metrics (staff with operations.view need none); unset: staff only. */
  metricsToken?: string;
  /** How long SIGTERM waits for in-flight requests and running jobs before closing anyway. */
  shutdownTimeoutMs: number;
};

const DEVELOPMENT_JWT_SECRET = 'development-only-secret-change-me';
/** The key of payment webhook signatures when PAYMENT_WEBHOOK_SECRET is unset: development and tests only. */
export const DEVELOPMENT_PAYMENT_WEBHOOK_SECRET = 'development-only-webhook-secret';
/** The first staff user's password when ADMIN_PASSWORD is unset: development only. */
export const DEFAULT_ADMIN_PASSWORD = 'admin-password';

/**
 * Every JWT secret written in this repository (the development default, the compose file, the Kubernetes example,
 * the test and e2e suites): public, so refused in production. production-secrets.spec.ts scans the repository and
 * fails when a JWT_SECRET value appears that is missing here.
 */
export const PUBLISHED_JWT_SECRETS: readonly string[] = [
  DEVELOPMENT_JWT_SECRET,
  'compose-example-secret-change-me',
  'change-me-to-32-or-more-random-characters',
  'test-secret-0123456789abcdef',
  'e2e-secret-0123456789abcdef',
  'portal-e2e-secret-0123456789abcdef',
  'e2e-comms-secret-0123456789abcdef',
  'e2e-help-secret-0123456789abcdef',
  'portal-kfs-secret-0123456789abcdef',
  'e2e-mandates-secret-0123456789abcdef',
];
/** ADMIN_PASSWORD values written in this repository's examples, refused in production like the default. */
export const PUBLISHED_ADMIN_PASSWORDS: readonly string[] = [DEFAULT_ADMIN_PASSWORD, 'change-me-before-first-start', 'a strong one'];
// Vite's dev servers for the admin console and the borrower portal.
const DEVELOPMENT_ORIGINS = ['http://localhost:5173', 'http://localhost:5174', 'http://127.0.0.1:5173', 'http://127.0.0.1:5174'];

/** STORAGE_S3_BUCKET, or its shorter alias S3_BUCKET; both set to different buckets is refused rather than guessed. */
function s3Bucket(c: z.infer<typeof schema>): string | undefined {
  const [long, short] = [c.STORAGE_S3_BUCKET || undefined, c.S3_BUCKET || undefined];
  if (long && short && long !== short) {
    throw new ConfigError(
      `Cannot start: S3_BUCKET (${short}) and STORAGE_S3_BUCKET (${long}) name different buckets; S3_BUCKET is an alias of STORAGE_S3_BUCKET, so set one of them.`,
    );
  }
  return long ?? short;
}

/** Which DocumentStorage adapter: STORAGE names it, else a bucket means s3, else postgres. */
function documentStorage(c: z.infer<typeof schema>, dataDir: string): AppConfig['storage'] {
  const bucket = s3Bucket(c);
  const kind = c.STORAGE ?? (bucket ? 's3' : 'postgres');
  if (kind === 's3' && !bucket) throw new ConfigError('Cannot start: STORAGE=s3 needs a bucket: set STORAGE_S3_BUCKET (or S3_BUCKET).');
  if (kind !== 's3' && bucket)
    throw new ConfigError(
      `Cannot start: STORAGE=${kind} but a bucket is set (STORAGE_S3_BUCKET or S3_BUCKET); unset it, or set STORAGE=s3.`,
    );
  if (kind === 'disk') return { disk: { dir: path.join(dataDir, 'documents') } };
  return kind === 's3' ? { s3: s3Storage(c, bucket!) } : {};
}

function s3Storage(c: z.infer<typeof schema>, bucket: string): NonNullable<AppConfig['storage']['s3']> {
  if (Boolean(c.STORAGE_S3_ACCESS_KEY_ID) !== Boolean(c.STORAGE_S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      "Cannot start: set both STORAGE_S3_ACCESS_KEY_ID and STORAGE_S3_SECRET_ACCESS_KEY, or neither (to use the SDK's default credentials).",
    );
  }
  return {
    bucket,
    region: c.STORAGE_S3_REGION,
    endpoint: c.STORAGE_S3_ENDPOINT,
    prefix: c.STORAGE_S3_PREFIX,
    forcePathStyle: c.STORAGE_S3_FORCE_PATH_STYLE === 'true',
    credentials:
      c.STORAGE_S3_ACCESS_KEY_ID && c.STORAGE_S3_SECRET_ACCESS_KEY
        ? { accessKeyId: c.STORAGE_S3_ACCESS_KEY_ID, secretAccessKey: c.STORAGE_S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'configuration');
    const message = issue.message.startsWith(name)
      ? issue.message
      : `${name} ${issue.message.startsWith('must') ? issue.message : `is invalid: ${issue.message}`}`;
    throw new ConfigError(`Cannot start: ${message}.`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === 'production') refuseDefaultCredentials(c.JWT_SECRET, c.ADMIN_PASSWORD);
  if (c.NODE_ENV === 'production' && c.FIREBASE_AUTH_EMULATOR_HOST) {
    // firebase-admin then accepts unsigned ID tokens from anyone, so anyone could sign in as any social user.
    throw new ConfigError(
      'Cannot start: FIREBASE_AUTH_EMULATOR_HOST is set, but the Auth emulator accepts unsigned tokens, so it is refused in production; unset it.',
    );
  }
  if (c.NODE_ENV === 'production' && c.BUSINESS_DATE_MODE === 'manual' && c.ALLOW_MANUAL_BUSINESS_DATE !== 'true') {
    throw new ConfigError(
      'Cannot start: BUSINESS_DATE_MODE=manual lets staff move the business date, so it is refused in production unless ALLOW_MANUAL_BUSINESS_DATE=true.',
    );
  }
  if (c.NODE_ENV === 'production' && c.PAYMENT_WEBHOOK_SECRET?.trim() === DEVELOPMENT_PAYMENT_WEBHOOK_SECRET) {
    throw new ConfigError(
      "Cannot start: PAYMENT_WEBHOOK_SECRET is the development default published in this repository, so anyone could confirm payments; set your provider's webhook secret.",
    );
  }
  if (c.EVENTSTORE_URL) {
    throw new ConfigError('Cannot start: EVENTSTORE_URL is set, but only the PostgreSQL event store is available in this build; unset it.');
  }
  const product: ProductSettings = {
    currency: c.CURRENCY,
    EMI: {
      minAmount: c.EMI_MIN_AMOUNT,
      maxAmount: c.EMI_MAX_AMOUNT,
      minTenureMonths: c.EMI_MIN_TENURE_MONTHS,
      maxTenureMonths: c.EMI_MAX_TENURE_MONTHS,
      annualRatePercent: c.EMI_ANNUAL_RATE_PERCENT,
      processingFeePercent: c.EMI_PROCESSING_FEE_PERCENT,
    },
    salaryAdvance: {
      ...DEFAULT_PRODUCT_SETTINGS.salaryAdvance,
      minAmount: c.SALARY_ADVANCE_MIN_AMOUNT,
      maxAmount: c.SALARY_ADVANCE_MAX_AMOUNT,
      feePercent: c.SALARY_ADVANCE_FEE_PERCENT,
      defaultPayDayOfMonth: c.SALARY_ADVANCE_PAY_DAY,
    },
  };
  if (product.EMI.minTenureMonths > product.EMI.maxTenureMonths) {
    throw new ConfigError('Cannot start: EMI_MIN_TENURE_MONTHS is larger than EMI_MAX_TENURE_MONTHS.');
  }
  if (product.EMI.minAmount > product.EMI.maxAmount || product.salaryAdvance.minAmount > product.salaryAdvance.maxAmount) {
    throw new ConfigError('Cannot start: a product minimum amount is larger than its maximum.');
  }
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    dataDir: c.DATA_DIR ?? defaultDataDir(env),
    databaseUrl: c.DATABASE_URL,
    readDatabase: c.READ_DATABASE_URL ? { url: c.READ_DATABASE_URL, waitMs: c.READ_DATABASE_WAIT_MS } : undefined,
    redisUrl: c.REDIS_URL,
    eventStoreUrl: c.EVENTSTORE_URL,
    jwtSecret: c.JWT_SECRET ?? DEVELOPMENT_JWT_SECRET,
    jwtTtlDays: c.JWT_TTL_DAYS,
    admin: { email: c.ADMIN_EMAIL.toLowerCase(), password: c.ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD },
    argon2MemoryKib: c.ARGON2_MEMORY_KIB,
    // Half the cores by default, so a sign-in flood cannot take every core from the rest of the API.
    argon2MaxConcurrency: c.ARGON2_MAX_CONCURRENCY ?? Math.max(1, Math.floor(os.availableParallelism() / 2)),
    argon2MaxQueue: c.ARGON2_MAX_QUEUE,
    queueBackend: c.QUEUE_BACKEND,
    corsOrigins:
      c.CORS_ORIGINS !== undefined
        ? c.CORS_ORIGINS.split(',')
            .map((o) => o.trim())
            .filter(Boolean)
        : c.NODE_ENV === 'production'
          ? []
          : DEVELOPMENT_ORIGINS,
    workerInProcess: c.WORKER_IN_PROCESS === 'true',
    workerQueues: c.WORKER_QUEUES?.split(',')
      .map((q) => q.trim())
      .filter(Boolean),
    lender: { name: c.LENDER_NAME, address: c.LENDER_ADDRESS },
    kfs: {
      coolingOffDays: c.KFS_COOLING_OFF_DAYS,
      coolingOffFeeRetained: c.KFS_COOLING_OFF_FEE_RETAINED === 'true',
      grievanceOfficer: {
        name: c.GRIEVANCE_OFFICER_NAME,
        phone: c.GRIEVANCE_OFFICER_PHONE,
        email: c.GRIEVANCE_OFFICER_EMAIL,
        address: c.GRIEVANCE_OFFICER_ADDRESS ?? c.LENDER_ADDRESS,
      },
    },
    agreementLinkTtlHours: c.AGREEMENT_LINK_TTL_HOURS,
    bureauMember: { id: c.BUREAU_MEMBER_ID, shortName: c.BUREAU_MEMBER_SHORT_NAME },
    pennyDrop: {
      development: c.NODE_ENV !== 'production',
      failingAccounts: (c.PENNY_DROP_FAIL_ACCOUNTS ?? '')
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    },
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    apiDocs: c.API_DOCS !== undefined ? c.API_DOCS === 'true' : c.NODE_ENV !== 'production',
    trustProxy: c.TRUST_PROXY || undefined,
    mail: { smtpUrl: c.SMTP_URL, from: c.MAIL_FROM },
    storage: documentStorage(c, c.DATA_DIR ?? defaultDataDir(env)),
    passwordResetTtlMinutes: c.PASSWORD_RESET_TTL_MINUTES,
    firebase: { projectId: c.FIREBASE_PROJECT_ID || undefined, authEmulatorHost: c.FIREBASE_AUTH_EMULATOR_HOST || undefined },
    push: {
      serviceAccount: c.FIREBASE_SERVICE_ACCOUNT || undefined,
      devInvalidTokenPrefix: c.PUSH_DEV_INVALID_TOKEN_PREFIX,
      devFailingTokenPrefix: c.PUSH_DEV_FAILING_TOKEN_PREFIX,
    },
    rateLimits: {
      loginFailures: c.RATE_LIMIT_LOGIN_FAILURES,
      loginFailuresPerIp: c.RATE_LIMIT_LOGIN_FAILURES_PER_IP,
      loginsPerIp: c.RATE_LIMIT_LOGINS_PER_IP,
      registrationsPerIp: c.RATE_LIMIT_REGISTRATIONS_PER_IP,
      passwordResets: c.RATE_LIMIT_PASSWORD_RESETS,
      tokenRegenerations: c.RATE_LIMIT_TOKEN_REGENERATIONS,
      otpPerPhone: c.RATE_LIMIT_OTP_PER_PHONE,
      otpPerIp: c.RATE_LIMIT_OTP_PER_IP,
    },
    uploadMaxBytes: c.UPLOAD_MAX_BYTES,
    profileRequiredSections: c.PROFILE_REQUIRED_SECTIONS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    presenceSocketsPerAddress: c.PRESENCE_SOCKETS_PER_ADDRESS,
    sessionCache: { maxEntries: c.SESSION_CACHE_MAX_ENTRIES, maxAgeSeconds: c.SESSION_CACHE_MAX_AGE_SECONDS },
    databasePoolSize: c.DATABASE_POOL_SIZE,
    databaseConnectTimeoutMs: c.DATABASE_CONNECT_TIMEOUT_MS,
    databaseStatementTimeoutMs: c.DATABASE_STATEMENT_TIMEOUT_MS,
    queueRecovery: { lockDurationMs: c.QUEUE_LOCK_DURATION_MS, stalledIntervalMs: c.QUEUE_STALLED_INTERVAL_MS },
    outboxSweep: { everyMs: c.EMAIL_SWEEP_INTERVAL_MS, staleAfterMs: c.EMAIL_STALE_AFTER_MS },
    product,
    businessDate: { timeZone: c.BUSINESS_TIMEZONE, mode: c.BUSINESS_DATE_MODE },
    collections: { upcomingDays: c.COLLECTIONS_UPCOMING_DAYS, contactsPerDayMax: c.COLLECTION_CONTACTS_PER_DAY_MAX },
    issues: { slaHours: c.ISSUE_SLA_HOURS },
    payments: {
      webhookSecret: c.PAYMENT_WEBHOOK_SECRET ?? (c.NODE_ENV === 'production' ? undefined : DEVELOPMENT_PAYMENT_WEBHOOK_SECRET),
      sandbox: c.PAYMENT_SANDBOX !== undefined ? c.PAYMENT_SANDBOX === 'true' : c.NODE_ENV !== 'production',
    },
    channels: { whatsappWebhookSecret: c.WHATSAPP_WEBHOOK_SECRET, ivrWebhookSecret: c.IVR_WEBHOOK_SECRET },
    reminders: { daysBefore: c.REMINDER_DAYS_BEFORE, daysAfter: c.REMINDER_DAYS_AFTER },
    logLevel: c.LOG_LEVEL ?? (c.NODE_ENV === 'test' ? 'silent' : 'info'),
    metricsToken: c.METRICS_TOKEN || undefined,
    shutdownTimeoutMs: c.SHUTDOWN_TIMEOUT_MS,
  };
}

/** In production, no credential anyone can read in this repository: the defaults and every published example. */
function refuseDefaultCredentials(jwtSecret: string | undefined, adminPassword: string | undefined): void {
  if (!jwtSecret) throw new ConfigError('Cannot start: JWT_SECRET must be set in production (at least 16 characters).');
  if (PUBLISHED_JWT_SECRETS.includes(jwtSecret.trim())) {
    throw new ConfigError(
      'Cannot start: JWT_SECRET is an example published in this repository, so anyone could sign tokens; set a random one in production, e.g. openssl rand -hex 32.',
    );
  }
  if (adminPassword === undefined) {
    throw new ConfigError(
      `Cannot start: ADMIN_PASSWORD must be set in production (the default ${DEFAULT_ADMIN_PASSWORD} is for development only).`,
    );
  }
  if (PUBLISHED_ADMIN_PASSWORDS.includes(adminPassword.trim())) {
    throw new ConfigError(
      'Cannot start: ADMIN_PASSWORD is the default or an example published in this repository; set a password of your own in production.',
    );
  }
}

export const APP_CONFIG = Symbol('APP_CONFIG');
