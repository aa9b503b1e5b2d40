import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { ConfigError, DEVELOPMENT_PAYMENT_WEBHOOK_SECRET, loadConfig } from './config.js';

/** Production needs credentials of its own: fresh random ones, never a literal that would then be in the repository. */
const ownCredentials = () => ({ JWT_SECRET: randomBytes(24).toString('hex'), ADMIN_PASSWORD: randomBytes(12).toString('hex') });
/** A production environment that passes every other check, so a test sees the one refusal it is about. */
const PRODUCTION = { NODE_ENV: 'production', ...ownCredentials() };

describe('configuration', () => {
  it('starts with documented defaults and no environment at all', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('./.data');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.queueBackend).toBe('auto');
    expect(config.admin.email).toBe('admin@lending.local');
    expect(config.product.currency).toBe('INR');
    expect(config.product.EMI.annualRatePercent).toBe(18);
    expect(config.workerInProcess).toBe(true);
  });

  it('keeps documents in PostgreSQL by default, in files under DATA_DIR with STORAGE=disk, in a bucket named by STORAGE_S3_BUCKET or S3_BUCKET', () => {
    expect(loadConfig({}).storage).toEqual({});
    expect(loadConfig({ STORAGE: 'disk', DATA_DIR: '/srv/lending' }).storage).toEqual({ disk: { dir: '/srv/lending/documents' } });
    expect(loadConfig({ S3_BUCKET: 'docs' }).storage.s3).toMatchObject({ bucket: 'docs', region: 'us-east-1' });
    expect(loadConfig({ STORAGE_S3_BUCKET: 'docs', S3_BUCKET: 'docs', STORAGE: 's3' }).storage.s3).toMatchObject({ bucket: 'docs' });
    expect(() => loadConfig({ STORAGE_S3_BUCKET: 'docs', S3_BUCKET: 'other' })).toThrow(
      new ConfigError(
        'Cannot start: S3_BUCKET (other) and STORAGE_S3_BUCKET (docs) name different buckets; S3_BUCKET is an alias of STORAGE_S3_BUCKET, so set one of them.',
      ),
    );
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/STORAGE=s3 needs a bucket/);
    expect(() => loadConfig({ STORAGE: 'disk', S3_BUCKET: 'docs' })).toThrow(/STORAGE=disk but a bucket is set/);
    expect(() => loadConfig({ STORAGE: 'files' })).toThrow(/STORAGE must be postgres, disk or s3/);
  });

  it('sends collection reminders 3 and 1 days before a due date and 1, 7 and 15 days after it by default; overrides are checked at start', () => {
    expect(loadConfig({}).reminders).toEqual({ daysBefore: [1, 3], daysAfter: [1, 7, 15] });
    expect(loadConfig({ REMINDER_DAYS_BEFORE: ' 5, 2 ', REMINDER_DAYS_AFTER: '' }).reminders).toEqual({
      daysBefore: [2, 5],
      daysAfter: [],
    });
    expect(() => loadConfig({ REMINDER_DAYS_BEFORE: '3,x' })).toThrow(
      new ConfigError(
        'Cannot start: REMINDER_DAYS_BEFORE must be a comma-separated list of whole days from 1 to 365 (such as 3,1); "x" is not one.',
      ),
    );
    expect(() => loadConfig({ REMINDER_DAYS_AFTER: '0' })).toThrow(
      /REMINDER_DAYS_AFTER must be a comma-separated list of whole days from 1 to 365/,
    );
    expect(() => loadConfig({ REMINDER_DAYS_AFTER: '-1' })).toThrow(/"-1" is not one/);
    expect(() => loadConfig({ REMINDER_DAYS_AFTER: '7,7' })).toThrow(new ConfigError('Cannot start: REMINDER_DAYS_AFTER names 7 twice.'));
  });

  it('reads every statement from the primary unless READ_DATABASE_URL names a replica; the wait for it is 1 s by default', () => {
    expect(loadConfig({}).readDatabase).toBeUndefined();
    expect(loadConfig({ READ_DATABASE_URL: '' }).readDatabase).toBeUndefined();
    expect(loadConfig({ READ_DATABASE_URL: 'postgres://replica:5432/lending' }).readDatabase).toEqual({
      url: 'postgres://replica:5432/lending',
      waitMs: 1000,
    });
    expect(loadConfig({ READ_DATABASE_URL: 'postgres://replica/lending', READ_DATABASE_WAIT_MS: '0' }).readDatabase?.waitMs).toBe(0);
    expect(() => loadConfig({ READ_DATABASE_URL: 'replica:5432' })).toThrow(/READ_DATABASE_URL must be a URL/);
    expect(() => loadConfig({ READ_DATABASE_URL: 'postgres://replica/lending', READ_DATABASE_WAIT_MS: '60000' })).toThrow(
      /READ_DATABASE_WAIT_MS must be at most 10000/,
    );
  });

  it('keeps embedded data where the command was typed, not in the workspace npm runs it from', () => {
    expect(loadConfig({ INIT_CWD: '/home/me/lending' }).dataDir).toBe('/home/me/lending/.data');
    expect(loadConfig({ INIT_CWD: '/home/me/lending', DATA_DIR: '/var/lib/lending' }).dataDir).toBe('/var/lib/lending');
  });

  it('allows cross-origin calls only from the dev servers by default, and from none in production', () => {
    expect(loadConfig({}).corsOrigins).toContain('http://localhost:5173');
    expect(loadConfig({ NODE_ENV: 'production', ...ownCredentials() }).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: 'https://admin.example.com, https://app.example.com' }).corsOrigins).toEqual([
      'https://admin.example.com',
      'https://app.example.com',
    ]);
  });

  it('reads overrides, including product parameters', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db:5432/x',
      EMI_ANNUAL_RATE_PERCENT: '21.5',
      WORKER_QUEUES: 'notifications, email ',
    });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe('postgres://u@db:5432/x');
    expect(config.product.EMI.annualRatePercent).toBe(21.5);
    expect(config.workerQueues).toEqual(['notifications', 'email']);
  });

  it('accepts the Firebase Auth emulator outside production', () => {
    expect(loadConfig({ FIREBASE_PROJECT_ID: 'lending', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).firebase.authEmulatorHost).toBe(
      '127.0.0.1:9099',
    );
    expect(loadConfig({ NODE_ENV: 'test', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).firebase.authEmulatorHost).toBe(
      '127.0.0.1:9099',
    );
    expect(loadConfig({ ...PRODUCTION, FIREBASE_PROJECT_ID: 'lending' }).firebase.authEmulatorHost).toBeUndefined();
  });

  it('runs on the calendar in Asia/Kolkata by default; manual mode outside production, or in production when allowed', () => {
    expect(loadConfig({}).businessDate).toEqual({ timeZone: 'Asia/Kolkata', mode: 'automatic' });
    expect(loadConfig({ BUSINESS_DATE_MODE: 'manual', BUSINESS_TIMEZONE: 'Europe/Berlin' }).businessDate).toEqual({
      timeZone: 'Europe/Berlin',
      mode: 'manual',
    });
    expect(loadConfig({ ...PRODUCTION, BUSINESS_DATE_MODE: 'manual', ALLOW_MANUAL_BUSINESS_DATE: 'true' }).businessDate.mode).toBe(
      'manual',
    );
  });

  it('signs payment webhooks with a development secret outside production; production refuses it, and has online payments off until one is set', () => {
    expect(loadConfig({}).payments).toEqual({ webhookSecret: DEVELOPMENT_PAYMENT_WEBHOOK_SECRET, sandbox: true });
    const production = { NODE_ENV: 'production', ...ownCredentials() };
    expect(loadConfig(production).payments).toEqual({ webhookSecret: undefined, sandbox: false });
    expect(loadConfig({ ...production, PAYMENT_WEBHOOK_SECRET: 'whsec_0123456789abcdef', PAYMENT_SANDBOX: 'true' }).payments).toEqual({
      webhookSecret: 'whsec_0123456789abcdef',
      sandbox: true,
    });
    expect(() => loadConfig({ ...production, PAYMENT_WEBHOOK_SECRET: DEVELOPMENT_PAYMENT_WEBHOOK_SECRET })).toThrow(
      /PAYMENT_WEBHOOK_SECRET is the development default/,
    );
    expect(() => loadConfig({ PAYMENT_WEBHOOK_SECRET: 'short' })).toThrow(/PAYMENT_WEBHOOK_SECRET must be at least 16 characters/);
  });

  it('bounds sign-in work: per-address sign-ins and argon2 concurrency have documented defaults and overrides', () => {
    const defaults = loadConfig({});
    expect(defaults.rateLimits.loginsPerIp).toBe(30);
    expect(defaults.argon2MaxQueue).toBe(16);
    expect(defaults.argon2MaxConcurrency).toBeGreaterThanOrEqual(1);
    const set = loadConfig({ RATE_LIMIT_LOGINS_PER_IP: '200', ARGON2_MAX_CONCURRENCY: '3', ARGON2_MAX_QUEUE: '0' });
    expect(set.rateLimits.loginsPerIp).toBe(200);
    expect(set.argon2MaxConcurrency).toBe(3);
    expect(set.argon2MaxQueue).toBe(0);
  });

  it.each([
    [{ ARGON2_MAX_CONCURRENCY: '0' }, /ARGON2_MAX_CONCURRENCY must be at least 1/],
    [{ ARGON2_MAX_QUEUE: '-1' }, /ARGON2_MAX_QUEUE must be at least 0/],
    [{ RATE_LIMIT_LOGINS_PER_IP: '0' }, /RATE_LIMIT_LOGINS_PER_IP must be at least 1/],
    [
      { ...PRODUCTION, FIREBASE_PROJECT_ID: 'lending', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
      /FIREBASE_AUTH_EMULATOR_HOST .*production/,
    ],
    [
      { ...PRODUCTION, BUSINESS_DATE_MODE: 'manual' },
      /BUSINESS_DATE_MODE=manual .*refused in production unless ALLOW_MANUAL_BUSINESS_DATE=true/,
    ],
    [{ BUSINESS_DATE_MODE: 'frozen' }, /BUSINESS_DATE_MODE must be automatic or manual/],
    [{ BUSINESS_TIMEZONE: 'Mars/Olympus' }, /BUSINESS_TIMEZONE must be an IANA time zone/],
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'not a url' }, /DATABASE_URL must be a URL/],
    [{ ADMIN_EMAIL: 'nobody' }, /ADMIN_EMAIL must be an email address/],
    [{ ADMIN_PASSWORD: 'short' }, /ADMIN_PASSWORD must be at least 8 characters/],
    [{ QUEUE_BACKEND: 'kafka' }, /QUEUE_BACKEND must be auto, redis or postgres/],
    [{ CURRENCY: 'rupees' }, /CURRENCY must be a three-letter ISO code/],
    [{ NODE_ENV: 'production' }, /JWT_SECRET must be set in production/],
    [{ EMI_MIN_AMOUNT: '100', EMI_MAX_AMOUNT: '50' }, /minimum amount is larger than its maximum/],
    [{ EVENTSTORE_URL: 'esdb://localhost:2113' }, /EVENTSTORE_URL/],
    [{ SALARY_ADVANCE_PAY_DAY: '31' }, /SALARY_ADVANCE_PAY_DAY must be between 1 and 28/],
    [{ EMI_ANNUAL_RATE_PERCENT: '-3' }, /EMI_ANNUAL_RATE_PERCENT must be between 0 and 100/],
    [{ EMI_MIN_AMOUNT: '10.5' }, /EMI_MIN_AMOUNT must be a whole number of minor units/],
    [{ EMI_MIN_TENURE_MONTHS: '24', EMI_MAX_TENURE_MONTHS: '12' }, /EMI_MIN_TENURE_MONTHS is larger/],
  ])('refuses %j with one sentence', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).toMatch(/^Cannot start: .*\.$/);
      expect((error as Error).message.split('\n')).toHaveLength(1);
    }
  });
});
