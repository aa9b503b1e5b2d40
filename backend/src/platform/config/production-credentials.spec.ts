import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { ConfigError, DEFAULT_ADMIN_PASSWORD, loadConfig, PUBLISHED_JWT_SECRETS } from './config.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const random = (bytes: number) => randomBytes(bytes).toString('hex');

function refusal(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Cannot start: [^\n]*\.$/);
    return message;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

/**
 * Every JWT_SECRET value written anywhere in the repository (compose, Kubernetes, docs, examples, tests, e2e):
 * `JWT_SECRET: value`, `JWT_SECRET=value`, `JWT_SECRET = 'value'`, `${JWT_SECRET:-value}`. Generated values such as
 * `$(openssl rand -hex 32)` or `randomBytes(24)` are not literals and are skipped.
 */
function jwtSecretsInRepository(): Map<string, string> {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter(Boolean);
  const found = new Map<string, string>();
  const patterns = [
    /JWT_SECRET\s*(?::-|[:=])\s*(['"`]?)([^\s'"`$(){}|,;]{8,})\1(?=$|[\s,;)}\]])/gm,
    /\$\{JWT_SECRET:-([^}]+)\}/g,
    // The browser suites' backend harness takes its secret as an option (jwtSecret: '...').
    /jwtSecret\s*:\s*(['"`])([^'"`]{8,})\1/g,
  ];
  // A property read (options.jwtSecret) passes a secret on; it is not one.
  const expression = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)+$/;
  for (const file of files) {
    if (/\.(png|jpe?g|gif|ico|pdf|woff2?|lock)$/i.test(file) || file === 'package-lock.json') continue;
    let text: string;
    try {
      text = readFileSync(path.join(repoRoot, file), 'utf8');
    } catch {
      continue; // deleted in the working tree
    }
    if (!text.includes('JWT_SECRET') && !text.includes('jwtSecret')) continue;
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) {
        const value = (match.length > 2 ? match[2] : match[1]).trim();
        if (value.startsWith('$') || expression.test(value)) continue;
        found.set(value, file);
      }
    }
  }
  return found;
}

describe('no default credentials in production', () => {
  it('starts in production with credentials of its own', () => {
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: random(24), ADMIN_PASSWORD: random(12) });
    expect(config.env).toBe('production');
  });

  it('refuses a missing JWT_SECRET, and a missing or default ADMIN_PASSWORD', () => {
    expect(refusal({ NODE_ENV: 'production', ADMIN_PASSWORD: random(12) })).toMatch(/JWT_SECRET must be set in production/);
    expect(refusal({ NODE_ENV: 'production', JWT_SECRET: random(24) })).toMatch(/ADMIN_PASSWORD must be set in production/);
    expect(refusal({ NODE_ENV: 'production', JWT_SECRET: random(24), ADMIN_PASSWORD: DEFAULT_ADMIN_PASSWORD })).toMatch(
      /ADMIN_PASSWORD is the default/,
    );
    expect(refusal({ NODE_ENV: 'production', JWT_SECRET: random(24), ADMIN_PASSWORD: 'change-me-before-first-start' })).toMatch(
      /ADMIN_PASSWORD/,
    );
    // Development keeps its defaults.
    expect(loadConfig({}).admin.password).toBe(DEFAULT_ADMIN_PASSWORD);
  });

  it('refuses every JWT_SECRET written in the repository, so a newly committed example cannot slip through', () => {
    const found = jwtSecretsInRepository();
    // The scan sees the ones we know of (so a broken pattern cannot pass silently).
    for (const known of ['development-only-secret-change-me', 'e2e-secret-0123456789abcdef', 'portal-e2e-secret-0123456789abcdef'])
      expect([...found.keys()]).toContain(known);
    for (const [secret, file] of found) {
      const message = refusal({ NODE_ENV: 'production', JWT_SECRET: secret, ADMIN_PASSWORD: random(12) });
      expect(`${file}: ${message}`).toMatch(
        secret.length < 16 ? /JWT_SECRET must be at least 16 characters/ : /JWT_SECRET is an example published in this repository/,
      );
    }
    for (const secret of PUBLISHED_JWT_SECRETS)
      expect(refusal({ NODE_ENV: 'production', JWT_SECRET: secret, ADMIN_PASSWORD: random(12) })).toMatch(/published/);
  });

  it('the container image sets NODE_ENV=production in the stage that runs', () => {
    const dockerfile = readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
    const stages = dockerfile.split(/^FROM\s/m);
    const runtime = stages[stages.length - 1];
    expect(runtime).toMatch(/^ENV\s[^\n]*\bNODE_ENV=production\b/m);
    expect(runtime).toMatch(/^CMD\s/m);
  });
});
