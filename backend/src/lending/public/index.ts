/**
 * What other contexts may use of lending (DESIGN §2; checked by .dependency-cruiser.cjs). Nothing outside lending
 * needs it yet; collections will read the loan events, so their types are the first entry.
 */
export type { LoanEvent } from '../domain/loan.events.js';
/** Close of business, for the CLI (`npm run cli -- close-of-business`) and the worker. */
export { CloseOfBusiness, CLOSE_OF_BUSINESS_ACTOR } from '../application/close-of-business.js';
export { closeOfBusinessInJobs, CLOSE_OF_BUSINESS_QUEUE, ageLoansJob, nightlyCloseOfBusinessJob, NIGHTLY_CLOSE_OF_BUSINESS_QUEUE, NIGHTLY_CLOSE_OF_BUSINESS_JOB } from '../jobs/close-of-business.job.js';
/** Collection reminders (issue 13): the COB step, the record of what went out (`lastReminderAt`), the job's queue. */
export { CollectionReminders, COLLECTION_REMINDERS_QUEUE, SEND_REMINDER_JOB, reminderJobId } from '../application/collection-reminders.js';
/** Whether a loan is a borrower's (help issues name one of the borrower's loans). */
export { BorrowerLoans } from './borrower-loans.port.js';
/** Quick start (origination) checks the loan wanted against the open products and opens the new borrower's application. */
export { ListPublicProductsQuery } from '../application/list-public-products.handler.js';
export { StartLoanApplicationCommand } from '../application/start-loan-application.handler.js';
/** Communications' channels (WhatsApp, IVR, the dialer, issue 15): outcomes to the contact log, the overdue book as a call list. */
export { ChannelContacts, type ChannelContact } from '../application/channel-contacts.js';
export { OverdueBook, type OverdueLoan } from '../application/overdue-book.js';
export type { ContactOutcome } from '../domain/collections/collection-work.events.js';
