/**
 * What other contexts may use of origination (DESIGN §2; checked by .dependency-cruiser.cjs): whether a borrower's
 * profile is complete enough to apply, a borrower's uploads (help issue attachments), customers' profiles for the
 * customer screens, the Bank section for the bank-verification stage, and the list of Indian states (the state landing pages);
 * and what quick start needs of lending, above origination (the products offered, the new borrower's application), and
 * what depends on a borrower's consents (their applications and open loans).
 */
export { ProfileCompleteness } from './profile-completeness.port.js';
export { BankAccounts, type BankSectionOnFile } from './bank-accounts.port.js';
export { BorrowerDocuments, type BorrowerDocument } from './borrower-documents.port.js';
export {
  CustomerProfiles,
  type CustomerProfile,
  type CustomerSection,
  type CustomerDocument,
  type CustomerSectionChange,
  type ReportingIdentity,
} from './customer-profiles.port.js';
export { INDIAN_STATES } from '../domain/indian-states.js';
export {
  QuickStartApplications,
  QuickStartProducts,
  type OfferedProduct,
  type QuickStartApplication,
  type StartedApplication,
} from './quick-start-lending.port.js';
export { BorrowerConsentDependents, type ConsentDependents } from './consent-dependents.port.js';
export { ConsentRecords, type GivenConsent } from './consent-records.port.js';
/** The borrower's profile, uploads and consents for the privacy context (the data download and erasure, DPDP Act 2023). */
export {
  ProfilePersonalData,
  type ConsentRecord,
  type ProfileData,
  type ProfileSectionRecord,
  type UploadRecord,
} from './profile-personal-data.port.js';
