/**
 * What other contexts may use of identity (DESIGN §2; checked by .dependency-cruiser.cjs): who is calling, the
 * permission a staff route needs, the borrower directory, and the ports identity offers or needs. Everything else
 * in identity is its own.
 */
export { CurrentActor, CurrentSession, type Actor, type CurrentDeviceSession } from '../auth/authenticated-user.js';
export { RequirePermission } from '../auth/require-permission.decorator.js';
export type { Permission } from '../permissions/permissions.js';
export {
  BorrowerDirectory,
  type BorrowerProfile,
  type BorrowerProfileListener,
  type EmailVerifiedListener,
} from './borrower-directory.port.js';
export { BorrowerSignUp, type SignedUp, type SignUpContext, type SignUpCredential } from './borrower-sign-up.port.js';
export { PhoneVerification, type OtpPurpose } from './phone-verification.port.js';
/** The borrower's personal data for the privacy context (the data download and erasure, DPDP Act 2023). */
export { AccountPersonalData, type AccountRecord, type DeviceSessionRecord } from './account-personal-data.port.js';
export { StaffMembers, type StaffMember } from './staff-members.port.js';
export { PresencePlans, type PresencePlan, type PresencePlanReader } from './presence-plans.port.js';
/** What identity needs said to people (one-time codes, password resets): communications implements it. */
export {
  AccountMessages,
  type EmailVerificationMessage,
  type OneTimeCodeMessage,
  type PasswordResetMessage,
} from './account-messages.port.js';
