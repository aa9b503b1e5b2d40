/**
 * What other contexts may use of lending (DESIGN §2; checked by .dependency-cruiser.cjs): ports and event types, never
 * application classes. Lending sits above identity and origination and below communications and content
 * (docs/architecture.md, "Contexts and their layers").
 */
/** The loan events other contexts follow. */
export { loanEventOf, type LoanEvent, type LoanEventType } from './loan-streams.js';
/** Close of business for the operator's CLI (`npm run cli -- close-of-business`). */
export { BUSINESS_DAYS_STREAM, BusinessDayClose, type BusinessDayClosed, type CloseOfBusinessResult } from './close-of-business.port.js';
/** Whether a loan is a borrower's (help issues name one of the borrower's loans). */
export { BorrowerLoans } from './borrower-loans.port.js';
/** Communications' channels (WhatsApp, IVR, the dialer, issue 15): outcomes to the contact log, the overdue book as a call list. */
export { ChannelContacts, type ChannelContact, type ContactChannel, type ContactOutcome } from './channel-contacts.port.js';
export { OverdueBook, type OverdueLoan } from './overdue-book.port.js';
/** What lending needs said to borrowers (the e-sign link, collection reminders): communications, above lending, implements it. */
export {
  LoanMessages,
  type CollectorNoticeMessage,
  type AgreementSignLinkMessage,
  type AutoDebitNoticeMessage,
  type AutoDebitNoticeSent,
  type InstalmentReminderMessage,
  type MessageBorrower,
} from './loan-messages.port.js';
/** Recovery conduct (issue 33): the contact window, the daily cap and references, as every collection channel applies them. */
export { CollectionConduct, type ContactDay, type IntendedContact } from './collection-conduct.port.js';
/** The books (accounting, issue 31): a loan's money events and its money position on any value date, by lending's fold. */
export {
  ACCOUNTING_RULES,
  LOAN_BOOK_EVENT_TYPES,
  ZERO_POSITION,
  loanBookAccrualPeriods,
  loanBookClassificationOf,
  loanBookDay,
  loanBookEventOf,
  loanBookPosition,
  loanBookTermsFromStream,
  loanBookTermsOf,
  type AccountingRule,
  type ComponentParts,
  type LoanBookAccrualPeriod,
  type LoanBookClassification,
  type LoanBookEvent,
  type LoanBookEventType,
  type LoanBookPosition,
  type LoanBookTerms,
} from './loan-books.js';
export { LoanPrincipals, type LoanPrincipal } from './loan-principals.port.js';
/** Issue 33 item 2: the signed agreement and the KFS as PDFs, for communications to send on signing. */
export { SignedDocuments, type SignedDocument } from './signed-documents.port.js';
/** Issue 33 item 5: the borrower's loans for their data download, and the relationship the retention rules read. */
export {
  LoanPersonalData,
  type InstalmentRecord,
  type LoanRecord,
  type LoanRelationship,
  type PaymentRecord,
} from './loan-personal-data.port.js';
