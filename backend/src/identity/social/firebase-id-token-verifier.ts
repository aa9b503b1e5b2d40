import { randomUUID } from 'node:crypto';
import type { OnApplicationShutdown } from '@nestjs/common';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { invalidSocialToken, socialAccountDisabled, socialTokenRevoked } from '../domain/identity.errors.js';
import type { IdTokenVerifier, SocialIdentity } from './id-token-verifier.port.js';

export type FirebaseVerifierSettings = { projectId: string; authEmulatorHost?: string };

/**
 * Adapter: verifies Firebase ID tokens with firebase-admin, against Google or, with `authEmulatorHost`, against the
 * Firebase Auth emulator (firebase-admin then accepts the emulator's unsigned tokens), so development and tests need
 * nothing from Google (and configuration refuses the emulator in production).
 *
 * Every token is checked for revocation (`checkRevoked`): firebase-admin looks the user up and refuses a disabled user
 * or a token issued before the user's tokens were revoked (signed out everywhere, password changed at Firebase).
 */
export class FirebaseIdTokenVerifier implements IdTokenVerifier, OnApplicationShutdown {
  private app?: App;

  constructor(private readonly settings: FirebaseVerifierSettings) {}

  async verify(idToken: string): Promise<SocialIdentity> {
    // firebase-admin reads the emulator address from the environment at call time.
    if (this.settings.authEmulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = this.settings.authEmulatorHost;
    this.app ??= initializeApp({ projectId: this.settings.projectId }, `lending-${randomUUID()}`);
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
      if (code === 'auth/id-token-revoked') throw socialTokenRevoked();
      if (code === 'auth/user-disabled') throw socialAccountDisabled();
      throw invalidSocialToken(
        code.includes('expired') ? 'The sign-in token has expired; sign in again.' : 'The sign-in token could not be verified.',
      );
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.app) await deleteApp(this.app).catch(() => undefined);
  }
}
