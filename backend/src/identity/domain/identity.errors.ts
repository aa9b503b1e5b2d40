import { DomainError, type ErrorKind } from '../../platform/errors/domain-error.js';

/**
 * Identity's refusals: a stable code (the API's problem `type` is the part after the dot), a kind (the one exception
 * filter maps it to a status), the sentence people read, and the titles and members clients already know.
 */
export class IdentityError extends DomainError {
  constructor(
    readonly code: string,
    readonly kind: ErrorKind,
    message: string,
    details: Record<string, unknown> = {},
    override readonly title?: string,
  ) {
    super(message, details);
  }
}

/** A refusal that names the offending field, as a form marks it. */
const fieldRefusal = (code: string, kind: ErrorKind, title: string, field: string, message: string, detail = message) =>
  new IdentityError(code, kind, detail, { fields: [{ name: field, message }] }, title);

// Staff users and roles

export const staffUserNotFound = (id: string) =>
  new IdentityError('STAFF.NOT_FOUND', 'not-found', `No staff user has the id ${id}.`, { id });
export const userNotFound = (id: string) => new IdentityError('USER.NOT_FOUND', 'not-found', `No user has the id ${id}.`, { id });
export const roleNotFound = (id: string) => new IdentityError('ROLE.NOT_FOUND', 'not-found', `No role has the id ${id}.`, { id });

export const unknownRole = (id: string) => {
  const message = `no role has the id ${id}`;
  return fieldRefusal('STAFF.VALIDATION_FAILED', 'invalid', 'Your request has invalid fields', 'roleId', message, `roleId: ${message}`);
};

/** A duplicate email or phone on a staff or profile edit. */
export const alreadyBelongsToAnotherUser = (field: 'email' | 'phone') =>
  fieldRefusal('USER.ALREADY_REGISTERED', 'conflict', 'Already registered', field, `This ${field} already belongs to another user.`);

export const duplicateRoleName = (name: string) =>
  fieldRefusal('ROLE.ALREADY_EXISTS', 'conflict', 'Already exists', 'name', `A role named "${name}" already exists.`);

export const administratorIsFixed = () =>
  new IdentityError(
    'ROLE.ROLE_READ_ONLY',
    'conflict',
    'The Administrator role always holds every permission; it cannot be edited or deleted.',
    {},
    'Role cannot change',
  );

export const roleInUse = (name: string) =>
  new IdentityError(
    'ROLE.ROLE_IN_USE',
    'conflict',
    `Staff users still hold the role "${name}"; give them another role first.`,
    {},
    'Role in use',
  );

/** What the staff rules (staff-policy.ts) answer when they refuse: never an escalation of one's own power. */
export const ownPermissions = (detail: string) => new IdentityError('STAFF.OWN_PERMISSIONS', 'forbidden', detail);
export const permissionEscalation = (detail: string) => new IdentityError('STAFF.PERMISSION_ESCALATION', 'forbidden', detail);
export const ownAccount = (detail: string) => new IdentityError('STAFF.OWN_ACCOUNT', 'forbidden', detail);
export const lastAdministrator = (detail: string) => new IdentityError('STAFF.LAST_ADMINISTRATOR', 'conflict', detail);

// Phones the 0037 migration listed (phone_collisions)

export const phoneCollisionNotFound = (id: string) =>
  new IdentityError('PHONE_COLLISION.NOT_FOUND', 'not-found', `No listed phone has the id ${id}.`, { id });

export const phoneCollisionRefused = (kind: 'conflict' | 'invalid', message: string) =>
  fieldRefusal('PHONE_COLLISION.NOT_RESOLVED', kind, 'Phone not resolved', 'action', message);

// Borrowers, passwords and sign-in

export const alreadyRegistered = (field: 'email' | 'phone') =>
  fieldRefusal('USER.ALREADY_REGISTERED', 'conflict', 'Already registered', field, `This ${field} is already registered; sign in instead.`);

export const invalidCredentials = () =>
  new IdentityError(
    'AUTH.INVALID_CREDENTIALS',
    'unauthenticated',
    'The email or phone and password do not match an account.',
    {},
    'Sign in failed',
  );

export const wrongCurrentPassword = () => {
  const message = 'is not your current password';
  return fieldRefusal(
    'PASSWORD.VALIDATION_FAILED',
    'invalid',
    'Your request has invalid fields',
    'currentPassword',
    message,
    `currentPassword: ${message}`,
  );
};

export const resetLinkInvalid = () =>
  fieldRefusal(
    'PASSWORD.RESET_LINK_INVALID',
    'invalid',
    'Reset link not valid',
    'id',
    'This password reset link is invalid, already used or expired; ask for a new one.',
  );

// Social sign-in

export const socialSignInUnavailable = () =>
  new IdentityError(
    'SOCIAL.SOCIAL_SIGN_IN_UNAVAILABLE',
    'unavailable',
    'Social sign-in is not configured on this server; sign in with email and password.',
    {},
    'Social sign-in is not set up',
  );

export const socialTokenRevoked = () =>
  new IdentityError(
    'SOCIAL.SOCIAL_TOKEN_REVOKED',
    'unauthenticated',
    'This sign-in was revoked at the provider (signed out everywhere or password changed); sign in with the provider again.',
    {},
    'Social sign-in revoked',
  );

export const socialAccountDisabled = () =>
  new IdentityError(
    'SOCIAL.SOCIAL_ACCOUNT_DISABLED',
    'unauthenticated',
    'This social sign-in account has been disabled at the provider.',
    {},
    'Social account disabled',
  );

export const invalidSocialToken = (detail: string) =>
  fieldRefusal('SOCIAL.INVALID_SOCIAL_TOKEN', 'unauthenticated', 'Social sign-in failed', 'idToken', detail);

export const socialSignInStaffRefused = () =>
  new IdentityError(
    'SOCIAL.SOCIAL_SIGN_IN_STAFF_REFUSED',
    'forbidden',
    'Social sign-in is for borrowers; staff accounts sign in with their email and password.',
    {},
    'Staff sign in with a password',
  );

export const socialEmailMissing = () =>
  new IdentityError(
    'SOCIAL.SOCIAL_EMAIL_MISSING',
    'unprocessable',
    'Your sign-in provider shared no email address; register with email and password instead.',
    {},
    'No email from the provider',
  );

export const emailNotVerified = () =>
  new IdentityError(
    'SOCIAL.EMAIL_NOT_VERIFIED',
    'conflict',
    'An account with this email exists, but the provider has not verified the address; sign in with your password.',
    {},
    'Email not verified',
  );

/** A sign-up with a social identity that already has an account (linked, or with its email). */
export const socialAlreadyRegistered = () =>
  fieldRefusal(
    'USER.ALREADY_REGISTERED',
    'conflict',
    'Already registered',
    'idToken',
    'This sign-in account already has an account with us; sign in with it instead.',
  );

export const alreadyLinked = () =>
  new IdentityError('SOCIAL.ALREADY_LINKED', 'conflict', 'This account is already linked to another social sign-in.', {}, 'Already linked');
