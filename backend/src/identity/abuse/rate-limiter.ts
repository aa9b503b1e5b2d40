import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { HttpProblem } from '../../platform/http/problem.js';
import type { RateLimitStore } from './rate-limit-store.js';

export const RATE_LIMIT_STORE = Symbol('RATE_LIMIT_STORE');

export type RateLimitRule = 'login-failures' | 'login-failures-ip' | 'registrations-ip' | 'password-resets' | 'password-resets-ip' | 'token-regenerations';

const MINUTE = 60_000;

/** How long each window lasts; how many attempts it allows comes from configuration (RATE_LIMIT_*). */
const WINDOWS: Record<RateLimitRule, number> = {
  'login-failures': 15 * MINUTE,
  'login-failures-ip': 15 * MINUTE,
  'registrations-ip': 60 * MINUTE,
  'password-resets': 60 * MINUTE,
  'password-resets-ip': 60 * MINUTE,
  'token-regenerations': 60 * MINUTE,
};

const MESSAGES: Record<RateLimitRule, string> = {
  'login-failures': 'Too many failed sign-in attempts for this account.',
  'login-failures-ip': 'Too many failed sign-in attempts from your network.',
  'registrations-ip': 'Too many accounts registered from your network.',
  'password-resets': 'Too many password reset requests.',
  'password-resets-ip': 'Too many password reset attempts from your network.',
  'token-regenerations': 'Too many token refreshes for this session.',
};

/**
 * Abuse limits with fixed windows. `consume` counts every attempt (registration, reset, token refresh);
 * `assertOpen` + `recordFailure` count only failures (sign-in), so someone who types their password right is never
 * locked out by their own successful sign-ins.
 */
@Injectable()
export class RateLimiter implements OnApplicationShutdown {
  constructor(
    @Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private limit(rule: RateLimitRule): number {
    const l = this.config.rateLimits;
    switch (rule) {
      case 'login-failures':
        return l.loginFailures;
      case 'login-failures-ip':
        return l.loginFailuresPerIp;
      case 'registrations-ip':
        return l.registrationsPerIp;
      case 'password-resets':
        return l.passwordResets;
      case 'password-resets-ip':
        return l.passwordResets * 4;
      case 'token-regenerations':
        return l.tokenRegenerations;
    }
  }

  async consume(rule: RateLimitRule, subject: string): Promise<void> {
    const count = await this.store.hit(`${rule}:${subject}`, WINDOWS[rule]);
    if (count.hits > this.limit(rule)) throw tooMany(rule, count.resetInMs);
  }

  async assertOpen(rule: RateLimitRule, subject: string): Promise<void> {
    const count = await this.store.peek(`${rule}:${subject}`);
    if (count.hits >= this.limit(rule)) throw tooMany(rule, count.resetInMs);
  }

  async recordFailure(rule: RateLimitRule, subject: string): Promise<void> {
    await this.store.hit(`${rule}:${subject}`, WINDOWS[rule]);
  }

  async reset(rule: RateLimitRule, subject: string): Promise<void> {
    await this.store.reset(`${rule}:${subject}`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}

function tooMany(rule: RateLimitRule, resetInMs: number): HttpProblem {
  const retryAfter = Math.max(1, Math.ceil(resetInMs / 1000));
  const minutes = Math.ceil(retryAfter / 60);
  const detail = `${MESSAGES[rule]} Try again in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}.`;
  return new HttpProblem(429, 'too-many-requests', 'Too many requests', detail, { retryAfter });
}
