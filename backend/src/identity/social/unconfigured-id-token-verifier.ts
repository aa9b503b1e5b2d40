import { socialSignInUnavailable } from '../domain/identity.errors.js';
import type { IdTokenVerifier, SocialIdentity } from './id-token-verifier.port.js';

/** Adapter when no Firebase project is configured: social sign-in is off, and says so. */
export class UnconfiguredIdTokenVerifier implements IdTokenVerifier {
  verify(): Promise<SocialIdentity> {
    return Promise.reject(socialSignInUnavailable());
  }
}
