import { Inject, Injectable } from '@nestjs/common';
import { oneLine } from '../../platform/text/text-fields.js';
import { socialSignInStaffRefused } from '../domain/identity.errors.js';
import { UsersRepository } from '../users/users.repository.js';
import { ID_TOKEN_VERIFIER, type IdTokenVerifier, type SocialIdentity } from './id-token-verifier.port.js';

/**
 * A social identity a borrower may use: the ID token verified through the port, and refused (forbidden) when its uid,
 * email (verified or not) or phone number belongs to a staff member. Social sign-in and quick start's social finish
 * both start here, before anything is linked, created or started.
 */
@Injectable()
export class BorrowerSocialIdentities {
  constructor(
    @Inject(ID_TOKEN_VERIFIER) private readonly verifier: IdTokenVerifier,
    private readonly users: UsersRepository,
  ) {}

  async verify(idToken: string): Promise<SocialIdentity> {
    const identity = await this.verifier.verify(idToken);
    const matches = await Promise.all([
      this.users.findByFirebaseUid(identity.uid),
      identity.email ? this.users.findByEmail(identity.email) : undefined,
      identity.phone ? this.users.findByLogin({ phone: identity.phone }) : undefined,
    ]);
    if (matches.some((u) => u?.role === 'staff')) throw socialSignInStaffRefused();
    return identity;
  }
}

/** The provider's display name goes into emails like any name: one line, no control or bidi characters. */
export const socialDisplayName = (identity: SocialIdentity, fallback: string): string =>
  [...oneLine(identity.name ?? '')].slice(0, 100).join('').trim() || fallback;
