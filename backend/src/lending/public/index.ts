/**
 * What other contexts may use of lending (DESIGN §2; checked by .dependency-cruiser.cjs). Nothing outside lending
 * needs it yet; collections will read the loan events, so their types are the first entry.
 */
export type { LoanEvent } from '../loan/domain/loan.events.js';
/** Close of business, for the CLI (`npm run cli -- close-of-business`) and the worker. */
export { CloseOfBusiness, CLOSE_OF_BUSINESS_ACTOR } from '../collections/application/close-of-business.js';
export { closeOfBusinessInJobs, CLOSE_OF_BUSINESS_QUEUE, ageLoansJob, nightlyCloseOfBusinessJob, NIGHTLY_CLOSE_OF_BUSINESS_QUEUE, NIGHTLY_CLOSE_OF_BUSINESS_JOB } from '../collections/jobs/close-of-business.job.js';
/** Collection reminders (issue 13): the COB step, the record of what went out (`lastReminderAt`), the job's queue. */
export { CollectionReminders, COLLECTION_REMINDERS_QUEUE, SEND_REMINDER_JOB, reminderJobId } from '../collections/application/collection-reminders.js';
/** Whether a loan is a borrower's (help issues name one of the borrower's loans). */
export { BorrowerLoans } from './borrower-loans.port.js';
/** Quick start (origination) checks the loan wanted against the open products and opens the new borrower's application. */
export { ListPublicProductsQuery } from '../products/application/list-public-products.handler.js';
export { StartLoanApplicationCommand } from '../pipeline/application/start-loan-application.handler.js';
/** Communications' channels (WhatsApp, IVR, the dialer, issue 15): outcomes to the contact log, the overdue book as a call list. */
export { ChannelContacts, type ChannelContact } from '../collections/application/channel-contacts.js';
export { OverdueBook, type OverdueLoan } from '../collections/application/overdue-book.js';
export type { ContactOutcome } from '../collections/domain/collection-work.events.js';
