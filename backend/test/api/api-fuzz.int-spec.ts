import { startFakeAuthEmulator, type FakeAuthEmulator } from '../support/firebase-emulator.js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { sql } from 'kysely';
import { loanIn } from '../support/loan-api.js';
import { discoverRoutes, key } from '../support/routes.js';
import { listen } from '../support/sockets.js';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * A property-based fuzz of the whole HTTP API, driven by the OpenAPI document the running backend serves
 * (/api/docs/openapi.json). Each run is one generated request (an operation from the document, an identity:
 * anonymous, a borrower or the seeded staff administrator, path and query parameters, headers and a body built from
 * the operation's JSON schema, mixed with garbage), sent to the real app on real PostgreSQL and Redis. Per request:
 *
 *  - never a 5xx;
 *  - every 4xx is application/problem+json with `type`, `title`, `detail` and a `status` equal to the HTTP status,
 *    and shows no stack trace;
 *  - a refused request (4xx), and any GET, leaves the stored state as it was: no event appended, no read-model row
 *    (loan summaries, agreements, notifications), no stored command answer, no user, role, session, reset link,
 *    email or presence change (one SQL statement of counters and digests, read after every request).
 *    Deliberately not compared: `rate_limit_counters` (a refused sign-in must count: that is the limit working),
 *    `sessions.last_used_at` (the session's last-use mark, refreshed by authenticated reads) and
 *    `subscription_checkpoints` (no worker runs in this process).
 *
 * Valid-looking values are mixed in on purpose (real loan, user, role and email ids seeded at the start and
 * collected from answers, the issued agreement's hash, product-valid amounts), so requests get past validation into
 * the command handlers and the database, not only into the schema check.
 *
 * Session-ending operations are not excluded: after any sign-in, sign-out, token refresh, password change, staff
 * edit or reload mark, and after any 401 to a signed-in identity, the identity's token is checked (GET /api/me) and
 * the identity signs in again if it died. A successful password change of the administrator is followed.
 *
 * FUZZ_SEED (default 20261121) and FUZZ_RUNS (default 2000 in the suite; 10000 and more by hand) override the run; a failure prints the seed and the
 * fast-check path to replay it. See docs/api.md, "API fuzz".
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
// 2,000 in the suite: with 158 paths a 10,000-request run took over 25 minutes of one core in CI (session 7) and
// starved the suites beside it; longer runs by hand (docs/api.md).
const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);
/** FUZZ_KEEP_GOING=1: record every distinct failure (operation and kind) and go on, instead of stopping at the first. */
const KEEP_GOING = process.env.FUZZ_KEEP_GOING === '1';
const failures = new Map<string, string>();
const FIREBASE_PROJECT = 'fuzz-project';

type Json = Record<string, unknown>;
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: Schema;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  maxItems?: number;
  example?: unknown;
};
type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema?: Schema };
type Operation = { method: string; template: string; key: string; params: Parameter[]; body?: { required: boolean; schema: Schema } };
type Identity = 'anonymous' | 'borrower' | 'staff';

type FuzzRequest = {
  op: Operation;
  identity: Identity;
  auth: 'bearer' | 'cookie' | 'forged' | 'none';
  pathValues: Record<string, { value: string; raw: boolean }>;
  query: [string, string][];
  headers: Record<string, string>;
  body: { kind: 'none' } | { kind: 'raw'; text: string; contentType?: string };
};

let t: TestApp;
let base: string;
let emulator: FakeAuthEmulator | undefined;
let operations: Operation[] = [];

/** Ids the generators draw from; answers add to them as the fuzz goes (new loans, users, roles, agreements). */
const pool = {
  loans: [] as string[],
  users: [] as string[],
  roles: ['administrator', 'viewer', 'credit-officer', 'operations-manager', 'collections-agent'] as string[],
  emails: [] as string[],
  hashes: [] as string[],
  emailAddresses: [ADMIN.email] as string[],
  permissions: [] as string[],
};

const identities = {
  staff: { email: ADMIN.email, password: ADMIN.password, deviceId: 'fuzz-staff-device', token: '' },
  borrower: { email: '', password: 'borrower-password', deviceId: 'fuzz-borrower-device', token: '' },
};

const stats = {
  requests: 0,
  byIdentity: { anonymous: 0, borrower: 0, staff: 0 } as Record<Identity, number>,
  byClass: {} as Record<string, number>,
  byStatus: {} as Record<string, number>,
  byOperation: {} as Record<string, number>,
  msByOperation: {} as Record<string, number>,
  msChecking: 0,
  msSigningIn: 0,
  refusedChecked: 0,
  readsChecked: 0,
  reLogins: 0,
};

// ---------------------------------------------------------------------------------------------------------------
// Set-up: the app, a fake Firebase Auth emulator, identities and seeded data

beforeAll(async () => {
  emulator = await startFakeAuthEmulator((ids) =>
    ids.map((id) => ({
      localId: id,
      email: `${id.slice(0, 20).replace(/[^a-z0-9]/gi, 'x') || 'x'}@social.example`,
      emailVerified: true,
      disabled: false,
    })),
  );
  const limits = '1000000';
  t = await startTestApp('fuzz', {
    RATE_LIMIT_LOGIN_FAILURES: limits,
    RATE_LIMIT_LOGIN_FAILURES_PER_IP: limits,
    RATE_LIMIT_REGISTRATIONS_PER_IP: limits,
    RATE_LIMIT_PASSWORD_RESETS: limits,
    RATE_LIMIT_TOKEN_REGENERATIONS: limits,
    FIREBASE_PROJECT_ID: FIREBASE_PROJECT,
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    // The signed webhooks are on (unset, they answer 503 not-configured by design): unsigned requests get 401.
    WHATSAPP_WEBHOOK_SECRET: 'fuzz-whatsapp-webhook-secret',
    IVR_WEBHOOK_SECRET: 'fuzz-ivr-webhook-secret-0000',
  });
  base = await listen(t);

  const doc = (await (await fetch(`${base}/api/docs/openapi.json`)).json()) as { paths: Record<string, Record<string, Json>> };
  operations = Object.entries(doc.paths).flatMap(([template, ops]) =>
    Object.entries(ops).map(([method, o]) => {
      const schema = (o.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content?.['application/json']
        ?.schema;
      return {
        method: method.toUpperCase(),
        template,
        key: `${method.toUpperCase()} ${template}`,
        params: (o.parameters as Parameter[] | undefined) ?? [],
        body: schema ? { required: Boolean((o.requestBody as Json).required), schema } : undefined,
      };
    }),
  );

  await staffSignIn();
  const borrower = await register('Fuzz Borrower');
  identities.borrower.email = borrower.email;
  identities.borrower.token = borrower.token;
  const other = await register('Other Borrower');
  const adminMe = await call('GET', '/api/users/admin', identities.staff.token);
  pool.users.push(adminMe.body.user._id, borrower.id, other.id);

  const permissions = await call('GET', '/api/admin/permissions?range=[0,499]', identities.staff.token);
  pool.permissions.push(...(permissions.body as { id: string }[]).map((p) => p.id));
  const role = await call('POST', '/api/admin/roles', identities.staff.token, { name: 'Fuzz role', permissions: ['loans.view'] });
  pool.roles.push(role.body.id);
  const staff2 = await call('POST', '/api/admin/users', identities.staff.token, {
    name: 'Second Staff',
    email: 'second.staff@test.local',
    password: 'staff-password-1',
    roleId: 'viewer',
  });
  pool.users.push(staff2.body.id);
  pool.emailAddresses.push('second.staff@test.local');

  await call('POST', '/api/auth/forgot-password', undefined, { email: borrower.email });
  const emails = await call('GET', '/api/admin/emails', identities.staff.token);
  pool.emails.push(...(emails.body as { id: string }[]).map((e) => e.id));

  for (const state of [
    'new',
    'new',
    'applied',
    'soft.pending',
    'bank.pending',
    'consent.pending',
    'consent.customerpending',
    'final.pending',
    'disbursal.pending',
    'active',
    'rejected',
    'cancelled',
  ] as const) {
    const loan = await loanIn(t.http, state, identities.borrower.token, identities.staff.token);
    pool.loans.push(loan.id);
    if (loan.documentHash) pool.hashes.push(loan.documentHash);
  }
  pool.loans.push((await loanIn(t.http, 'applied', other.token, identities.staff.token)).id);
  // loanIn signed nobody in again, so the identities' tokens are still the ones above.
}, 120_000);

afterAll(async () => {
  await t?.close();
  await emulator?.close();
});

async function call(method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const parsed = text ? JSON.parse(text) : undefined;
  if (res.status >= 400) throw new Error(`set-up ${method} ${path}: ${res.status} ${text}`);
  return { status: res.status, body: parsed };
}

let registered = 0;
async function register(name: string): Promise<{ token: string; id: string; email: string }> {
  registered += 1;
  const email = `fuzz.borrower.${registered}.${randomUUID().slice(0, 8)}@example.com`;
  const phone = `+9198${String(Date.now()).slice(-6)}${String(registered).padStart(2, '0')}`;
  const res = await call('POST', '/api/auth/register', undefined, {
    name,
    email,
    phone,
    password: identities.borrower.password,
    deviceId: identities.borrower.deviceId,
  });
  pool.emailAddresses.push(email);
  return { token: res.body.token, id: res.body.user._id, email };
}

async function staffSignIn(): Promise<void> {
  const s = identities.staff;
  s.token = (await call('POST', '/api/auth/login', undefined, { email: s.email, password: s.password, deviceId: s.deviceId })).body.token;
}

async function borrowerSignIn(): Promise<void> {
  const b = identities.borrower;
  b.token = (await call('POST', '/api/auth/login', undefined, { email: b.email, password: b.password, deviceId: b.deviceId })).body.token;
}

/** Signs the identity in again if its token no longer works (signed out, superseded, refreshed, password changed). */
async function keepSignedIn(identity: 'staff' | 'borrower'): Promise<void> {
  const res = await fetch(`${base}/api/me`, { headers: { Authorization: `Bearer ${identities[identity].token}` } });
  await res.arrayBuffer();
  if (res.status === 200) return;
  stats.reLogins += 1;
  await (identity === 'staff' ? staffSignIn() : borrowerSignIn());
}

// ---------------------------------------------------------------------------------------------------------------
// The stored state a refused request must leave alone: one statement, counters and digests

async function snapshot(): Promise<Record<string, string>> {
  const digest = (table: string, columns: string) =>
    sql.raw(`(SELECT count(*)::text || ':' || coalesce(sum(hashtext(concat_ws('|', ${columns}))::bigint), 0)::text FROM ${table})`);
  const r = await sql<Record<string, string>>`
    SELECT (SELECT count(*)::text || ':' || coalesce(max(global_position), 0)::text FROM events) AS events,
           (SELECT count(*)::text FROM command_results) AS command_results,
           (SELECT count(*)::text || ':' || coalesce(sum(version), 0)::text FROM loan_summaries) AS loan_summaries,
           (SELECT count(*)::text FROM documents) AS documents,
           (SELECT count(*)::text FROM loan_notifications) AS loan_notifications,
           (SELECT count(*)::text FROM emails) AS emails,
           ${digest('users', 'id, role, name, email, phone, password_hash, status, staff_role_id, firebase_uid')} AS users,
           ${digest('staff_roles', 'id, name, description, permissions::text')} AS staff_roles,
           ${digest('sessions', 'id, device_id, token_version, revoked_at, revoked_reason')} AS sessions,
           ${digest('password_resets', 'token_hash, used_at')} AS password_resets,
           ${digest('presence', 'user_id, status, device')} AS presence`.execute(t.runtime.db);
  return r.rows[0];
}

// ---------------------------------------------------------------------------------------------------------------
// Generators

/** `arb` about once in `1 + none` draws, else null. */
const rarely = <T>(arb: fc.Arbitrary<T>, none: number): fc.Arbitrary<T | null> =>
  fc.oneof({ arbitrary: fc.constant(null), weight: none }, { arbitrary: arb, weight: 1 });

const pick = (list: () => string[]) => fc.nat().map((i) => (list().length ? list()[i % list().length] : randomUUID()));

const controlChars = fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 5 });
const wildString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.tuple(fc.string({ maxLength: 10 }), controlChars, fc.string({ maxLength: 10 })).map(([a, c, b]) => a + c + b),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\r\n',
    'null',
    'undefined',
    'NaN',
    'Infinity',
    '-1',
    '1e300',
    '0x10',
    '__proto__',
    'constructor',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '${7*7}',
    '{{constructor.constructor}}',
    '%00',
    '%zz',
    '../../etc/passwd',
    'a\u202eb',
    '\ud800',
    '\uffff',
    '😀'.repeat(50),
  ),
  fc.integer({ min: 1000, max: 60_000 }).map((n) => 'x'.repeat(n)),
);
/** Characters that break storage or display: NUL and lone surrogates (PostgreSQL refuses them), controls, bidi. */
const nastyChar = fc.constantFrom('\u0000', '\ud800', '\udc00', '\u202e', '\u0007', '\u001b', '\n', '\r', '\u2028', '\ufeff', '\u0085');
/** A string from `arb` with one nasty character put somewhere in it: valid-looking otherwise, so it gets far. */
const spiked = (arb: fc.Arbitrary<string>) =>
  fc.tuple(arb, nastyChar, fc.nat()).map(([v, c, i]) => {
    const at = v.length ? i % (v.length + 1) : 0;
    return v.slice(0, at) + c + v.slice(at);
  });
/** Strings that fit in a URL: Node answers a request line and headers over 16 kB itself (431), before the app. */
const urlString = wildString.map((s) => s.slice(0, 2000));
const wildNumber: fc.Arbitrary<number> = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(
    1e300,
    -1e300,
    -1,
    0,
    -0,
    0.5,
    1.5,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 63),
    1e-300,
    Number.MAX_VALUE,
    2 ** 31,
    2 ** 31 - 1,
    2 ** 63,
  ),
);
const wildValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: wildString, weight: 3 },
  { arbitrary: wildNumber, weight: 3 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 2 },
  { arbitrary: fc.array(wildString, { maxLength: 3 }), weight: 1 },
  { arbitrary: fc.constant(JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}') as unknown), weight: 1 },
);

/** An unsigned Firebase emulator ID token for this project (valid-looking), or one broken in some way. */
const idToken = fc
  .record({
    uid: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 40 }),
    email: fc.oneof(
      pick(() => pool.emailAddresses),
      fc.constant(undefined),
    ),
    exp: fc.integer({ min: -7200, max: 7200 }),
    aud: fc.constantFrom(FIREBASE_PROJECT, 'other-project'),
  })
  .map(({ uid, email, exp, aud }) => {
    const now = Math.floor(Date.now() / 1000);
    const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const payload = {
      iss: `https://securetoken.google.com/${aud}`,
      aud,
      auth_time: now,
      user_id: uid,
      sub: uid,
      iat: now - 10,
      exp: now + exp,
      email,
      email_verified: true,
    };
    return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
  });

const date = (d: Date) => d.toISOString().slice(0, 10);
const dateString = fc.oneof(
  fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map(date),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom(
    '2026-02-30',
    '2026-13-01',
    '0000-01-01',
    '9999-12-31',
    '+275760-09-13',
    '2026-11-21T25:00:00Z',
    '2026-11-21T10:00:00+99:00',
    'yesterday',
    '1e10',
    '',
  ),
);

/** Values that make a request valid enough to reach the handler, by property name. */
const HINTS: Record<string, fc.Arbitrary<unknown>> = {
  documentHash: pick(() => pool.hashes),
  email: pick(() => pool.emailAddresses),
  password: fc.constantFrom(ADMIN.password, 'borrower-password', 'staff-password-1'),
  currentPassword: fc.constantFrom(ADMIN.password, 'wrong-password'),
  roleId: pick(() => pool.roles),
  permissions: fc.array(
    pick(() => pool.permissions),
    { maxLength: 4 },
  ),
  idToken,
  amount: fc.integer({ min: 500_000, max: 60_000_000 }),
  approvedAmount: fc.integer({ min: 500_000, max: 60_000_000 }),
  tenureMonths: fc.integer({ min: 1, max: 40 }),
  payDayOfMonth: fc.integer({ min: 0, max: 31 }),
  score: fc.integer({ min: 250, max: 950 }),
  disbursedOn: dateString,
  status: fc.constantFrom('active', 'disabled'),
  type: fc.constantFrom('EMI', 'salaryAdvance'),
  phone: fc.stringMatching(/^\+91[0-9]{10}$/),
};

function validValue(schema: Schema, name?: string): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [];
  if (name && HINTS[name]) options.push(HINTS[name]);
  options.push(fromSchema(schema));
  return options.length === 1 ? options[0] : fc.oneof(...options);
}

/** A value the schema accepts (approximately: lengths and patterns are honoured, formats through the patterns). */
function fromSchema(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => fromSchema({ ...schema, type })));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number': {
      const min = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? -1_000_000);
      const max = Math.min(schema.maximum ?? 1_000_000_000, Number.MAX_SAFE_INTEGER);
      return fc.oneof(fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }), fc.constant(min), fc.constant(max));
    }
    case 'string': {
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.min(schema.maxLength ?? 200, 300);
      if (schema.pattern) {
        // fast-check draws short matches (a `+` rarely passes ten characters), so a filter on minLength never ended for
        // a pattern like the push token's (at least 20): a short match is lengthened by repeating its last character
        // (a match still for the character-class patterns used here; a fuzz input like any other where it is not).
        const lengthened = (s: string) => (s.length >= minLength || s.length === 0 ? s : s + s.slice(-1).repeat(minLength - s.length));
        const matching = fc
          .stringMatching(new RegExp(schema.pattern))
          .map(lengthened)
          .filter((s) => s.length <= (schema.maxLength ?? Infinity));
        return fc.oneof({ arbitrary: matching, weight: 6 }, { arbitrary: spiked(matching), weight: 1 });
      }
      return fc.oneof(
        {
          arbitrary: spiked(
            fc.string({
              unit: 'grapheme-ascii',
              minLength: Math.max(0, minLength - 1),
              maxLength: Math.max(0, Math.min(maxLength, minLength + 20) - 1),
            }),
          ),
          weight: 1,
        },
        { arbitrary: fc.string({ unit: 'grapheme-ascii', minLength, maxLength: Math.min(maxLength, minLength + 40) }), weight: 4 },
        // Graphemes outside the BMP count two UTF-16 units, so their strings can break the length bounds: kept as they
        // come (a fuzz input like any other) rather than filtered, which never ended for a long fixed length (a
        // 64-character hash is 64 graphemes of one unit each: about 2^-64 of draws).
        { arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength: Math.min(maxLength, minLength + 20) }), weight: 1 },
        { arbitrary: fc.constant('x'.repeat(maxLength)), weight: 1 },
      );
    }
    case 'array':
      return fc.array(fromSchema(schema.items ?? {}), { maxLength: Math.min(schema.maxItems ?? 5, 5) });
    case 'object': {
      const props = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      return fc.record(Object.fromEntries(Object.entries(props).map(([k, s]) => [k, validValue(s, k)])), {
        requiredKeys: Object.keys(props).filter((k) => required.has(k)),
      });
    }
    default:
      // {}: any value (read-only fields the client may send back)
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** A JSON body: mostly the schema's shape with some fields replaced by garbage, some required ones dropped, extras added. */
function bodyValue(schema: Schema): fc.Arbitrary<unknown> {
  const props = schema.properties ?? {};
  if (schema.type !== 'object' || Object.keys(props).length === 0) return fc.oneof(fromSchema(schema), wildValue);
  const field = (k: string, s: Schema) => fc.oneof({ arbitrary: validValue(s, k), weight: 5 }, { arbitrary: wildValue, weight: 1 });
  const record = fc.record(Object.fromEntries(Object.entries(props).map(([k, s]) => [k, field(k, s)])), {
    requiredKeys: (schema.required ?? []).filter((k) => k in props),
  });
  return fc
    .tuple(
      record,
      rarely(fc.constantFrom(...Object.keys(props)), 8),
      rarely(
        fc.tuple(
          fc.oneof(fc.constantFrom('id', 'role', 'extra', '__proto__', 'constructor', 'borrowerId', 'state'), fc.string()),
          wildValue,
        ),
        8,
      ),
    )
    .map(([value, drop, extra]) => {
      const body: Json = { ...(value as Json) };
      if (drop !== null) delete body[drop];
      if (extra !== null) Object.defineProperty(body, extra[0], { value: extra[1], enumerable: true, configurable: true, writable: true });
      return body;
    });
}

const malformedJson = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    '[1,2',
    'nul',
    'undefined',
    '{"a":NaN}',
    '\u0000',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    '{"__proto__":{"x":1}}',
    '"' + 'x'.repeat(10) + '\n"',
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 50 }).filter((s) => {
    try {
      JSON.parse(s);
      return false;
    } catch {
      return true;
    }
  }),
);

function bodyFor(op: Operation): fc.Arbitrary<FuzzRequest['body']> {
  const json = (v: unknown, contentType = 'application/json') => ({ kind: 'raw' as const, text: JSON.stringify(v) ?? 'null', contentType });
  if (op.method === 'GET' || op.method === 'HEAD') return fc.constant({ kind: 'none' as const });
  const wrongType = fc.constantFrom(
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/json; charset=utf-16',
    'application/xml',
    'application/problem+json',
    'application/merge-patch+json',
  );
  const anyBody = fc.oneof(
    fc.record({ text: malformedJson, contentType: fc.constant('application/json') }).map((b) => ({ kind: 'raw' as const, ...b })),
    fc.tuple(wildValue, wrongType).map(([v, ct]) => json(v, ct)),
    fc
      .constantFrom('[]', '1', 'null', '"text"', 'true', '{}')
      .map((text) => ({ kind: 'raw' as const, text, contentType: 'application/json' })),
    fc.constant({ kind: 'raw' as const, text: JSON.stringify({ a: 'x'.repeat(110_000) }), contentType: 'application/json' }),
  );
  if (!op.body)
    return fc.oneof(
      { arbitrary: fc.constant({ kind: 'none' as const }), weight: 6 },
      { arbitrary: fc.constant(json({})), weight: 1 },
      { arbitrary: anyBody, weight: 2 },
    );
  return fc.oneof(
    { arbitrary: bodyValue(op.body.schema).map((v) => json(v)), weight: 14 },
    { arbitrary: fc.constant({ kind: 'none' as const }), weight: 1 },
    { arbitrary: anyBody, weight: 3 },
    { arbitrary: fc.tuple(bodyValue(op.body.schema), wrongType).map(([v, ct]) => json(v, ct)), weight: 1 },
  );
}

function pathValue(op: Operation): fc.Arbitrary<{ value: string; raw: boolean }> {
  const kind = /\/roles\//.test(op.template)
    ? 'roles'
    : /\/users\//.test(op.template)
      ? 'users'
      : /\/emails\//.test(op.template)
        ? 'emails'
        : 'loans';
  const real = pick(() => pool[kind]);
  const other = pick(() => [...pool.loans, ...pool.users, ...pool.emails, ...pool.roles]);
  const value = fc.oneof(
    { arbitrary: real, weight: 8 },
    { arbitrary: other, weight: 1 },
    { arbitrary: fc.uuid(), weight: 2 },
    { arbitrary: real.map((id) => id.toUpperCase()), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        '00000000-0000-0000-0000-000000000000',
        'ffffffff-ffff-ffff-ffff-ffffffffffff',
        '{id}',
        ':id',
        'null',
        '0',
        '-1',
        '1e300',
        'NaN',
        '%',
        '%zz',
        '%00',
        '..',
        'me',
        'admin',
        'a'.repeat(2000),
      ),
      weight: 2,
    },
    { arbitrary: urlString.filter((s) => s.length > 0), weight: 2 },
    { arbitrary: spiked(fc.oneof(real, fc.string({ unit: 'grapheme-ascii', maxLength: 10 }))), weight: 1 },
  );
  return fc.record({ value, raw: fc.boolean() });
}

// eslint-disable-next-line no-loss-of-precision -- 2^53 + 1 on purpose: a number past the safe integers
const smallInt = fc.oneof(fc.integer({ min: -5, max: 600 }), fc.constantFrom(1e300, 9007199254740993, 10_001, 2 ** 31, 0.5, -0));
const jsonText = (v: fc.Arbitrary<unknown>) => v.map((x) => JSON.stringify(x) ?? 'null');
const SORT_FIELDS = [
  'id',
  'createdAt',
  'updatedAt',
  'submittedAt',
  'amount',
  'state',
  'name',
  'email',
  'status',
  'to',
  'subject',
  'userCount',
  'group',
  'lastSeenAt',
  'attempts',
  'password_hash',
  'borrower_id',
  'created_at; DROP TABLE events',
];
const FILTER_KEYS = [
  'q',
  'id',
  'queue',
  'type',
  'status',
  'borrowerId',
  'createdFrom',
  'createdTo',
  'template',
  'userId',
  'roleId',
  'online',
  'role',
  'group',
  'nope',
];
const filterValue = fc.oneof(
  pick(() => pool.loans),
  pick(() => pool.users),
  fc.array(
    pick(() => [...pool.loans, ...pool.users, ...pool.emails]),
    { maxLength: 3 },
  ),
  fc.constantFrom(
    'new',
    'applied',
    'soft.pending',
    'soft/pending',
    'active',
    'Active',
    'consent.approved',
    'EMI',
    'salaryAdvance',
    'failed',
    'queued',
    'password-reset',
    'staff',
    'borrower',
    'users',
    true,
    false,
  ),
  dateString,
  spiked(fc.string({ maxLength: 10 })),
  wildValue.filter((v) => (JSON.stringify(v) ?? '').length < 2000),
);

function queryValue(name: string): fc.Arbitrary<string> {
  const garbage = fc.oneof(urlString, jsonText(fc.jsonValue({ maxDepth: 2 })));
  switch (name) {
    case 'range':
      return fc.oneof(
        jsonText(fc.tuple(smallInt, smallInt)),
        fc.constantFrom('[1e300,1e300]', '[0,24]', '[5,2]', '[]', '[1]', '["a","b"]', '[0,1,2]', '[-1,5]', '[0,1e6]', '{"start":0}'),
        garbage,
      );
    case 'sort':
      return fc.oneof(
        jsonText(fc.tuple(fc.constantFrom(...SORT_FIELDS), fc.constantFrom('ASC', 'DESC', 'asc', 'sideways'))),
        fc.constantFrom('["createdAt"]', '[]', '"createdAt"', '[1,2]'),
        garbage,
      );
    case 'filter':
      return fc.oneof(
        jsonText(fc.dictionary(fc.constantFrom(...FILTER_KEYS), filterValue, { maxKeys: 3 })),
        fc.constantFrom('{}', '[]', 'null', '{"q":null}', '{"id":[]}'),
        garbage,
      );
    case 'from':
    case 'to':
    case 'asOf':
      return fc.oneof({ arbitrary: dateString, weight: 4 }, { arbitrary: garbage, weight: 1 });
    case 'principal':
    case 'annualRatePercent':
    case 'months':
      return fc.oneof(
        { arbitrary: fc.integer({ min: 1, max: 700 }).map(String), weight: 3 },
        {
          arbitrary: fc.constantFrom(
            '10000000',
            '1e13',
            '10000000000001',
            '0',
            '-5',
            '18.5',
            '100',
            '101',
            '600',
            '601',
            '1e300',
            'NaN',
            'Infinity',
            '0x10',
            ' 12 ',
            '',
          ),
          weight: 2,
        },
        { arbitrary: garbage, weight: 1 },
      );
    case 'download':
      return fc.constantFrom('1', 'true', '0', 'false', '', 'yes');
    default:
      return fc.oneof(fc.string({ maxLength: 20 }), garbage);
  }
}

const EXTRA_QUERY = [
  'download',
  'principal',
  'months',
  'annualRatePercent',
  'q',
  'page',
  'perPage',
  '__proto__',
  'constructor',
  'range',
  'filter',
  'sort',
  'asOf',
  'x',
];

function queryFor(op: Operation): fc.Arbitrary<[string, string][]> {
  const documented = op.params.filter((p) => p.in === 'query');
  const parts = documented.map((p) =>
    fc.option(
      queryValue(p.name).map((v) => [p.name, v] as [string, string]),
      { freq: p.required ? 10 : 3 },
    ),
  );
  const extra = rarely(
    fc.constantFrom(...EXTRA_QUERY).chain((name) => queryValue(name).map((v) => [name, v] as [string, string])),
    6,
  );
  return fc.tuple(fc.tuple(...parts), extra, fc.nat(9)).map(([values, more, dice]) => {
    const q = values.filter((v): v is [string, string] => v !== null);
    if (more) q.push(more);
    if (dice === 0 && q.length > 0) q.push(q[0]); // a parameter given twice arrives as an array
    return q;
  });
}

const headerText = fc.string({
  unit: fc
    .integer({ min: 0x20, max: 0xff })
    .filter((c) => c !== 0x7f)
    .map((c) => String.fromCharCode(c)),
  maxLength: 250,
});

function headersFor(op: Operation): fc.Arbitrary<Record<string, string>> {
  const idempotent = op.params.some((p) => p.in === 'header' && p.name === 'Idempotency-Key');
  return fc
    .record({
      key: idempotent
        ? fc.option(
            fc.oneof(
              fc.constantFrom('fuzz-key-1', 'fuzz-key-2', 'a', 'x'.repeat(200), 'x'.repeat(201), 'bad key', 'é'),
              fc.uuid(),
              headerText,
            ),
            { freq: 2 },
          )
        : fc.constant(null),
      device: rarely(fc.oneof(fc.constantFrom('fuzz-staff-device', 'fuzz-borrower-device', 'other-device-1'), headerText), 12),
      range: rarely(fc.constantFrom('loans=0-24', 'items=5-1', 'bytes=0-', 'x'), 15),
    })
    .map(({ key, device, range }) => {
      const h: Record<string, string> = {};
      if (key !== null) h['Idempotency-Key'] = key;
      if (device !== null) h['X-Device-Id'] = device;
      if (range !== null) h.Range = range;
      return h;
    });
}

const identityArb: fc.Arbitrary<{ identity: Identity; auth: FuzzRequest['auth'] }> = fc.oneof(
  fc.constantFrom<FuzzRequest['auth']>('none', 'none', 'none', 'forged').map((auth) => ({ identity: 'anonymous' as const, auth })),
  fc
    .constantFrom<FuzzRequest['auth']>('bearer', 'bearer', 'bearer', 'bearer', 'cookie')
    .map((auth) => ({ identity: 'borrower' as const, auth })),
  fc
    .constantFrom<FuzzRequest['auth']>('bearer', 'bearer', 'bearer', 'bearer', 'cookie')
    .map((auth) => ({ identity: 'staff' as const, auth })),
);

/** One arbitrary per operation, built once (building them per run, e.g. parsing the schemas' patterns, is slow). */
function requestArb(): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(...operationArbs());
}

let builtOperationArbs: fc.Arbitrary<FuzzRequest>[] | undefined;
function operationArbs(): fc.Arbitrary<FuzzRequest>[] {
  builtOperationArbs ??= operations.map((op) => {
    const pathNames = op.params.filter((p) => p.in === 'path').map((p) => p.name);
    return fc
      .record({
        who: identityArb,
        path: fc.tuple(...pathNames.map(() => pathValue(op))),
        query: queryFor(op),
        headers: headersFor(op),
        body: bodyFor(op),
      })
      .map(({ who, path, query, headers, body }) => {
        const req: FuzzRequest = {
          op,
          identity: who.identity,
          auth: who.auth,
          pathValues: Object.fromEntries(pathNames.map((n, i) => [n, path[i]])),
          query,
          headers,
          body,
        };
        // fast-check prints a counterexample with this: the request as sent, long values cut.
        return Object.defineProperty(req, fc.toStringMethod, { value: () => describeRequest(req), enumerable: false });
      });
  });
  return builtOperationArbs;
}

// ---------------------------------------------------------------------------------------------------------------
// Sending one request and checking its answer

const FORGED = [
  'Bearer not-a-token',
  'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJ4Iiwicm9sZSI6InN0YWZmIn0.',
  'Basic YWRtaW46YWRtaW4=',
  'Bearer ',
  'bearer x.y.z',
];

const wellFormed = (s: string) => s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

function urlOf(req: FuzzRequest): string {
  let path = req.op.template;
  for (const [name, { value, raw }] of Object.entries(req.pathValues)) {
    // A URL carries UTF-8: lone surrogates become U+FFFD, as a browser would send them.
    const encoded = raw ? wellFormed(value).replace(/[/?#\s]/g, (c) => encodeURIComponent(c)) : encodeURIComponent(wellFormed(value));
    path = path.replace(`{${name}}`, encoded);
  }
  const query = req.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(wellFormed(v))}`).join('&');
  return `${base}${path}${query ? `?${query}` : ''}`;
}

function describeRequest(req: FuzzRequest): string {
  const body =
    req.body.kind === 'raw'
      ? ` body(${req.body.contentType ?? '-'}): ${req.body.text.slice(0, 300)}${req.body.text.length > 300 ? `...(${req.body.text.length} chars)` : ''}`
      : '';
  return `${req.op.key} as ${req.identity} (${req.auth}) -> ${req.op.method} ${urlOf(req).slice(base.length, base.length + 400)} headers ${JSON.stringify(req.headers).slice(0, 300)}${body}`;
}

const SESSION_OPERATIONS = new Set([
  'POST /api/auth/login',
  'POST /api/auth/register',
  'POST /api/auth/social',
  'POST /api/auth/logout',
  'POST /api/auth/reset-password',
  'POST /api/token/regenerate',
  'POST /api/admin/profile/password',
  'PUT /api/admin/users/{id}',
  'DELETE /api/admin/users/{id}',
  'POST /api/admin/users/{id}/reload-device',
]);

let before: Record<string, string>;

async function send(req: FuzzRequest): Promise<void> {
  const headers: Record<string, string> = { ...req.headers };
  if (req.identity !== 'anonymous') {
    const token = identities[req.identity].token;
    if (req.auth === 'cookie') headers.Cookie = `token=${token}`;
    else headers.Authorization = `Bearer ${token}`;
  } else if (req.auth === 'forged') {
    headers.Authorization = FORGED[stats.requests % FORGED.length];
  }
  let body: string | undefined;
  if (req.body.kind === 'raw') {
    body = req.body.text;
    if (req.body.contentType) headers['Content-Type'] = req.body.contentType;
  }
  const sentAt = performance.now();
  const res = await fetch(urlOf(req), { method: req.op.method, headers, body, redirect: 'manual' });
  const text = await res.text();
  stats.msByOperation[req.op.key] = (stats.msByOperation[req.op.key] ?? 0) + performance.now() - sentAt;

  stats.requests += 1;
  stats.byIdentity[req.identity] += 1;
  stats.byOperation[req.op.key] = (stats.byOperation[req.op.key] ?? 0) + 1;
  const cls = `${Math.floor(res.status / 100)}xx`;
  stats.byClass[cls] = (stats.byClass[cls] ?? 0) + 1;
  stats.byStatus[res.status] = (stats.byStatus[res.status] ?? 0) + 1;

  const where = () => `${describeRequest(req)}\n  answered ${res.status} ${res.headers.get('content-type')}: ${text.slice(0, 500)}`;
  if (res.status >= 500) throw new Error(`5xx answer: ${where()}`);
  if (res.status >= 400) {
    if (!/^application\/problem\+json/.test(res.headers.get('content-type') ?? '')) throw new Error(`refusal not problem+json: ${where()}`);
    let problem: Json;
    try {
      problem = JSON.parse(text) as Json;
    } catch {
      throw new Error(`refusal body not JSON: ${where()}`);
    }
    if (
      typeof problem.type !== 'string' ||
      typeof problem.title !== 'string' ||
      typeof problem.detail !== 'string' ||
      problem.status !== res.status
    ) {
      throw new Error(`incomplete problem: ${where()}`);
    }
    if (/"stack"|\n\s+at |\\n\s+at |node_modules|\.ts:\d+/.test(text)) throw new Error(`problem shows internals: ${where()}`);
  }

  // Follow what a successful request changed for later requests.
  if (res.status < 300 && text && /json/.test(res.headers.get('content-type') ?? '')) {
    const answer = JSON.parse(text) as Json;
    if (req.op.key === 'POST /api/me/loans' && typeof answer.id === 'string') pool.loans.push(answer.id);
    const agreement = answer.agreement as { documentHash?: string } | null | undefined;
    if (agreement?.documentHash && !pool.hashes.includes(agreement.documentHash)) pool.hashes.push(agreement.documentHash);
    if (req.op.key === 'POST /api/admin/users' && typeof answer.id === 'string') pool.users.push(answer.id);
    if (req.op.key === 'POST /api/admin/roles' && typeof answer.id === 'string') pool.roles.push(answer.id);
    // A refreshed token replaces the session's older ones: carry on with it (saves a sign-in).
    if (
      req.op.key === 'POST /api/token/regenerate' &&
      req.identity !== 'anonymous' &&
      req.auth !== 'forged' &&
      typeof answer.token === 'string'
    )
      identities[req.identity].token = answer.token;
    if (req.op.key === 'POST /api/admin/profile/password' && req.identity === 'staff')
      identities.staff.password = (JSON.parse(req.body.kind === 'raw' ? req.body.text : '{}') as Json).newPassword as string;
  }

  const checkedAt = performance.now();
  const after = await snapshot();
  stats.msChecking += performance.now() - checkedAt;
  const refused = res.status >= 400;
  if (refused || req.op.method === 'GET') {
    if (refused) stats.refusedChecked += 1;
    else stats.readsChecked += 1;
    const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
    if (changed.length > 0) throw new Error(`a ${refused ? 'refused request' : 'read'} changed ${changed.join(', ')}: ${where()}`);
  }
  before = after;

  // Keep the identities signed in: whatever this request did to their sessions, the next one starts signed in. A
  // refused request changed no session (checked above), so only a success of a session operation, or a 401 to a
  // signed-in identity, needs a look.
  const signedInAt = performance.now();
  const relogins = stats.reLogins;
  if (SESSION_OPERATIONS.has(req.op.key) && res.status < 300) {
    await keepSignedIn('staff');
    await keepSignedIn('borrower');
  } else if (res.status === 401 && req.identity !== 'anonymous') {
    await keepSignedIn(req.identity);
  }
  if (stats.reLogins !== relogins) before = await snapshot();
  stats.msSigningIn += performance.now() - signedInAt;
}

// ---------------------------------------------------------------------------------------------------------------

it('the OpenAPI document lists every route the application serves', () => {
  const documented = new Set(operations.map((o) => o.key));
  const served = discoverRoutes(t.app).map((r) => key({ method: r.method, path: r.path.replace(/:([A-Za-z]+)/g, '{$1}') }));
  expect(served.filter((k) => !documented.has(k))).toEqual([]);
  expect([...documented].filter((k) => !served.includes(k))).toEqual([]);
  expect(operations.length).toBeGreaterThanOrEqual(50);
  // Query parameters the handlers read are in the document too, so the fuzz (and a generated client) knows them.
  const query = (k: string) =>
    Object.fromEntries(
      operations
        .find((o) => o.key === k)!
        .params.filter((p) => p.in === 'query')
        .map((p) => [p.name, Boolean(p.required)]),
    );
  expect(query('GET /api/public/emi')).toEqual({ principal: true, annualRatePercent: true, months: true });
  expect(query('GET /api/admin/loans/{id}')).toEqual({ asOf: false });
  expect(query('GET /api/admin/loans/{id}/agreement.pdf')).toEqual({ download: false });
  for (const list of [
    'GET /api/admin/loans',
    'GET /api/admin/emails',
    'GET /api/admin/users',
    'GET /api/admin/roles',
    'GET /api/admin/permissions',
    'GET /api/admin/presence',
  ]) {
    expect(query(list)).toEqual({ sort: false, range: false, filter: false });
  }
});

it(`${RUNS} generated requests across every operation: no 5xx, every refusal a problem, nothing stored by a refusal`, async () => {
  const started = Date.now();
  before = await snapshot();
  let failure: unknown;
  try {
    await fc.assert(
      fc.asyncProperty(requestArb(), async (req) => {
        if (!KEEP_GOING) return send(req);
        try {
          await send(req);
        } catch (error) {
          const message = (error as Error).message;
          const kind = `${req.op.key}: ${message.split(':')[0]}`;
          if (!failures.has(kind)) failures.set(kind, message);
          before = await snapshot();
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: process.env.FUZZ_SHRINK !== '1', verbose: 0 },
    );
    // The draw picks operations at random: with some 300 of them, 2,000 runs can miss one. Each operation the draw
    // missed gets one request of its own, from the same seed, so every operation is tried in every run.
    const arbs = operationArbs();
    for (const [i, op] of operations.entries()) {
      if (failure !== undefined || stats.byOperation[op.key] !== undefined) continue;
      const [req] = fc.sample(arbs[i], { seed: SEED, numRuns: 1 });
      try {
        await send(req);
      } catch (error) {
        if (!KEEP_GOING) throw new Error(`${req.op.key} (sweep of operations the draw missed): ${(error as Error).message}`);
        const message = (error as Error).message;
        const kind = `${req.op.key}: ${message.split(':')[0]}`;
        if (!failures.has(kind)) failures.set(kind, message);
        before = await snapshot();
      }
    }
  } catch (error) {
    failure = error;
  }
  const seconds = (Date.now() - started) / 1000;
  const perOp = Object.values(stats.byOperation);
  const lines = [
    `API fuzz: seed ${SEED}, ${RUNS} runs, ${stats.requests} requests in ${seconds.toFixed(1)} s (${(stats.requests / seconds).toFixed(0)}/s)`,
    `  operations covered: ${Object.keys(stats.byOperation).length} of ${operations.length}; requests per operation min ${Math.min(...perOp)} max ${Math.max(...perOp)}`,
    `  by identity: ${Object.entries(stats.byIdentity)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
    `  by status class: ${Object.entries(stats.byClass)
      .sort()
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
    `  by status: ${Object.entries(stats.byStatus)
      .sort()
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
    `  time in requests ${(Object.values(stats.msByOperation).reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s, in stored-state checks ${(stats.msChecking / 1000).toFixed(1)} s, in keeping identities signed in ${(stats.msSigningIn / 1000).toFixed(1)} s`,
    `  slowest operations (total ms): ${Object.entries(stats.msByOperation)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join(', ')}`,
    `  stored state compared after ${stats.refusedChecked} refusals and ${stats.readsChecked} successful reads; identities signed in again ${stats.reLogins} times`,
  ];
  if (KEEP_GOING) lines.push(`  distinct failures: ${failures.size}`, ...[...failures.values()].map((m) => `  - ${m.slice(0, 1500)}`));
  console.log(lines.join('\n'));
  if (failure) throw failure;
  expect([...failures.keys()]).toEqual([]);
  expect(stats.requests).toBeGreaterThanOrEqual(RUNS);
  expect(Object.keys(stats.byOperation).sort()).toEqual(operations.map((o) => o.key).sort());
}, 900_000);
