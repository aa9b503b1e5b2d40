/** What we take from a verified ID token of a social sign-in provider. */
export type SocialIdentity = { uid: string; email?: string; emailVerified: boolean; phone?: string; name?: string; provider: string };

/**
 * Port: verifies a social sign-in provider's ID token and answers who it names, or throws a coded refusal
 * (`SOCIAL.*`: unavailable, revoked, disabled, invalid). Adapters beside it; identity.module.ts picks one.
 */
export interface IdTokenVerifier {
  verify(idToken: string): Promise<SocialIdentity>;
}

export const ID_TOKEN_VERIFIER = Symbol('ID_TOKEN_VERIFIER');
