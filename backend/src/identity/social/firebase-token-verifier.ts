import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { HttpProblem } from '../../platform/http/problem.js';

/** What we take from a verified Firebase ID token. */
export type SocialIdentity = { uid: string; email?: string; emailVerified: boolean; phone?: string; name?: string; provider: string };

/**
 * Verifies Firebase ID tokens with firebase-admin. Social sign-in is on when FIREBASE_PROJECT_ID is set; with
 * FIREBASE_AUTH_EMULATOR_HOST firebase-admin talks to the Auth emulator (and accepts its unsigned tokens), so
 * development and tests need nothing from Google (and configuration refuses the emulator in production).
 *
 * Every token is checked for revocation (`checkRevoked`): firebase-admin looks the user up and refuses a disabled user
 * or a token issued before the user's tokens were revoked (signed out everywhere, password changed at Firebase).
 */
@Injectable()
export class FirebaseTokenVerifier implements OnApplicationShutdown {
  private app?: App;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get enabled(): boolean {
    return Boolean(this.config.firebase.projectId);
  }

  async verify(idToken: string): Promise<SocialIdentity> {
    if (!this.config.firebase.projectId) {
      throw new HttpProblem(503, 'social-sign-in-unavailable', 'Social sign-in is not set up', 'Social sign-in is not configured on this server; sign in with email and password.');
    }
    // firebase-admin reads the emulator address from the environment at call time.
    if (this.config.firebase.authEmulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = this.config.firebase.authEmulatorHost;
    this.app ??= initializeApp({ projectId: this.config.firebase.projectId }, `lending-${randomUUID()}`);
    try {
      const decoded = await getAuth(this.app).verifyIdToken(idToken, true);
      return {
        uid: decoded.uid,
        email: decoded.email?.toLowerCase(),
        emailVerified: decoded.email_verified === true,
        phone: typeof decoded.phone_number === 'string' ? decoded.phone_number : undefined,
        name: typeof decoded.name === 'string' ? decoded.name : undefined,
        provider: decoded.firebase?.sign_in_provider ?? 'unknown',
      };
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (code === 'auth/id-token-revoked') {
        throw new HttpProblem(401, 'social-token-revoked', 'Social sign-in revoked', 'This sign-in was revoked at the provider (signed out everywhere or password changed); sign in with the provider again.');
      }
      if (code === 'auth/user-disabled') {
        throw new HttpProblem(401, 'social-account-disabled', 'Social account disabled', 'This social sign-in account has been disabled at the provider.');
      }
      const detail = code.includes('expired') ? 'The sign-in token has expired; sign in again.' : 'The sign-in token could not be verified.';
      throw new HttpProblem(401, 'invalid-social-token', 'Social sign-in failed', detail, { fields: [{ name: 'idToken', message: detail }] });
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.app) await deleteApp(this.app).catch(() => undefined);
  }
}
