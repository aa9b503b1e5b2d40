import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import type { RateLimitStore } from './rate-limit-store.js';
import { tooManyRequests } from '../auth/auth.errors.js';
import { EMAIL_VERIFICATION } from '../domain/email-verification.js';
import type { IdentityError } from '../domain/identity.errors.js';

export const RATE_LIMIT_STORE = Symbol('RATE_LIMIT_STORE');

export type RateLimitRule =
  | 'login-failures'
  | 'login-failures-device'
  | 'login-failures-ip'
  | 'logins-ip'
  | 'password-change-failures'
  | 'registrations-ip'
  | 'password-resets'
  | 'password-resets-ip'
  | 'token-regenerations'
  | 'otp-requests'
  | 'otp-requests-ip'
  | 'otp-verifications-ip'
  | 'quick-start-ip'
  | 'email-verification-sends';

/** One attempt counted ahead of its outcome (`reserve`); `release` it if it turns out not to count. */
export type Reservation = { readonly rule: RateLimitRule; readonly subject: string };

const MINUTE = 60_000;

/** How long each window lasts; how many attempts it allows comes from configuration (RATE_LIMIT_*). */
const WINDOWS: Record<RateLimitRule, number> = {
  'login-failures': 15 * MINUTE,
  'login-failures-device': 15 * MINUTE,
  'login-failures-ip': 15 * MINUTE,
  'logins-ip': 15 * MINUTE,
  'password-change-failures': 15 * MINUTE,
  'registrations-ip': 60 * MINUTE,
  'password-resets': 60 * MINUTE,
  'password-resets-ip': 60 * MINUTE,
  'token-regenerations': 60 * MINUTE,
  'otp-requests': 60 * MINUTE,
  'otp-requests-ip': 60 * MINUTE,
  'otp-verifications-ip': 60 * MINUTE,
  'quick-start-ip': 60 * MINUTE,
  'email-verification-sends': 60 * MINUTE,
};

const MESSAGES: Record<RateLimitRule, string> = {
  'login-failures': 'Too many failed sign-in attempts for this account.',
  'login-failures-device': 'Too many failed sign-in attempts for this account on this device.',
  'login-failures-ip': 'Too many failed sign-in attempts from your network.',
  'logins-ip': 'Too many sign-ins from your network.',
  'password-change-failures': 'Too many wrong current passwords.',
  'registrations-ip': 'Too many accounts registered from your network.',
  'password-resets': 'Too many password reset requests.',
  'password-resets-ip': 'Too many password reset attempts from your network.',
  'token-regenerations': 'Too many token refreshes for this session.',
  'otp-requests': 'Too many one-time codes requested for this phone.',
  'otp-requests-ip': 'Too many one-time codes requested from your network.',
  'otp-verifications-ip': 'Too many one-time code checks from your network.',
  'quick-start-ip': 'Too many quick start steps from your network.',
  'email-verification-sends': 'Too many verification codes sent to your email.',
};

/**
 * Abuse limits with fixed windows. `consume` counts every attempt (registration, reset, token refresh).
 *
 * Limits on failures (sign-in, password change) are reserved before the password is checked: `reserve` counts the
 * attempt atomically and refuses it (too many, nothing verified) once the window is full, so N parallel guesses cannot all
 * slip past a check-then-count gap. When the outcome is known the caller gives back what did not count (`release`,
 * e.g. the failure slot of a right password) or clears the account's failures (`reset`).
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
      case 'login-failures-device':
      case 'password-change-failures':
        return l.loginFailures;
      case 'login-failures-ip':
        return l.loginFailuresPerIp;
      case 'logins-ip':
        return l.loginsPerIp;
      case 'registrations-ip':
        return l.registrationsPerIp;
      case 'password-resets':
        return l.passwordResets;
      case 'password-resets-ip':
        return l.passwordResets * 4;
      case 'token-regenerations':
        return l.tokenRegenerations;
      case 'otp-requests':
        return l.otpPerPhone;
      case 'otp-requests-ip':
        return l.otpPerIp;
      case 'otp-verifications-ip':
      case 'quick-start-ip':
        return l.otpPerIp * 5;
      case 'email-verification-sends':
        return EMAIL_VERIFICATION.sendsPerHour;
    }
  }

  async consume(rule: RateLimitRule, subject: string): Promise<void> {
    const count = await this.store.hit(`${rule}:${subject}`, WINDOWS[rule]);
    if (count.hits > this.limit(rule)) throw tooMany(rule, count.resetInMs);
  }

  /**
   * Reserves one attempt on each counter, in order, atomically per counter. If any is full, everything this call
   * took is given back (the refused hit too, so a flood does not inflate the count) and the first full one refuses.
   */
  async reserve(...wanted: Array<[RateLimitRule, string]>): Promise<Reservation[]> {
    const taken: Reservation[] = [];
    for (const [rule, subject] of wanted) {
      const count = await this.store.hit(`${rule}:${subject}`, WINDOWS[rule]);
      taken.push({ rule, subject });
      if (count.hits > this.limit(rule)) {
        await this.release(...taken);
        throw tooMany(rule, count.resetInMs);
      }
    }
    return taken;
  }

  /** Gives reserved attempts back: they did not count (a right password on a failure limit, an error on our side). */
  async release(...reservations: Reservation[]): Promise<void> {
    await Promise.all(reservations.map((r) => this.store.release(`${r.rule}:${r.subject}`)));
  }

  async reset(rule: RateLimitRule, subject: string): Promise<void> {
    await this.store.reset(`${rule}:${subject}`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}

function tooMany(rule: RateLimitRule, resetInMs: number): IdentityError {
  const retryAfter = Math.max(1, Math.ceil(resetInMs / 1000));
  const minutes = Math.ceil(retryAfter / 60);
  const detail = `${MESSAGES[rule]} Try again in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}.`;
  return tooManyRequests(detail, retryAfter);
}
