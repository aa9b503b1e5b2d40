/**
 * Friendly names for the API's types, all taken from the generated ./api-types.ts (npm run api-types): nothing here
 * is written by hand, so a change of the backend's schemas shows up as a type error in the apps.
 */
import type { paths } from './api-types';

export type { paths } from './api-types';

type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;
/** The JSON body of the 200 (or 201) answer of `method path`. */
export type Answer<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: infer R }
  ? R extends { 200: infer A }
    ? Json<A>
    : R extends { 201: infer A }
      ? Json<A>
      : never
  : never;
/** The JSON body `method path` takes. */
export type Body<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;
type Item<T> = T extends readonly (infer I)[] ? I : never;

// Staff (admin console)
export type AdminLoan = Answer<'/api/admin/loans/{id}', 'get'>;
export type AdminLoanRow = Item<Answer<'/api/admin/loans', 'get'>>;
export type LoanHistoryEntry = Item<Answer<'/api/admin/loans/{id}/history', 'get'>>;
export type LoanQueueCounts = Answer<'/api/admin/loan-queues', 'get'>;
export type LoanActivity = Answer<'/api/admin/loan-activity', 'get'>;
export type Actor = AdminLoan['lastActor'];
export type StaffUser = Answer<'/api/admin/users/{id}', 'get'>;
export type Role = Answer<'/api/admin/roles/{id}', 'get'>;
export type PermissionInfo = Item<Answer<'/api/admin/permissions', 'get'>>;
export type SignedInStaff = Answer<'/api/users/admin', 'get'>;
export type LoanProduct = Answer<'/api/admin/products/{id}', 'get'>;
export type LoanProductVersion = Item<Answer<'/api/admin/products/{id}/versions', 'get'>>;
export type BusinessDate = Answer<'/api/admin/business-date', 'get'>;
export type AdminPayment = Item<Answer<'/api/admin/payments', 'get'>>;
/** What a payment would do before it is made (the same fold): the schedule it leaves, how it is split. */
export type PaymentPreview = Answer<'/api/admin/loans/{id}/payments/preview', 'post'>;
export type CreditBalanceRefund = NonNullable<AdminLoan['refunds']>[number];
export type CollectionRow = Item<Answer<'/api/admin/collections', 'get'>>;
export type CollectionBucketCounts = Answer<'/api/admin/collection-buckets', 'get'>;
export type Collector = Item<Answer<'/api/admin/collectors', 'get'>>;
export type AdminAgreementRow = Item<Answer<'/api/admin/agreements', 'get'>>;
export type AdminAgreement = Answer<'/api/admin/agreements/{id}', 'get'>;
export type CollectionContact = Item<Answer<'/api/admin/loans/{id}/contacts', 'get'>>;
export type RecordContactBody = Body<'/api/admin/loans/{id}/contacts', 'post'>;
/** Recovery conduct on a loan (issue 33): the contact window, today's contacts against the cap, per day, held reminders. */
export type ContactConduct = Answer<'/api/admin/loans/{id}/contact-conduct', 'get'>;
/** The monthly grievance report (issue 33). */
export type GrievanceReport = Answer<'/api/admin/grievances/report', 'get'>;
/** Credit bureau reporting (issue 33 item 7): a monthly TUDF run, and the records it left out. */
export type BureauRun = Answer<'/api/admin/bureau-runs/{id}', 'get'>;
export type BureauReport = Answer<'/api/admin/bureau-runs/{id}/report', 'get'>;
export type CollectorAssignment = Answer<'/api/admin/collections/assign', 'post'>;
// Delinquency, settlement and write-off of one loan
export type LoanDelinquency = Answer<'/api/admin/loans/{id}/delinquency', 'get'>;
export type SettlementOffer = Item<Answer<'/api/admin/loans/{id}/settlement-offers', 'get'>>;
export type WriteOff = Answer<'/api/admin/loans/{id}/write-off', 'get'>;
// Close of business run from the console (issue 27 item 4)
export type CloseOfBusinessRun = Answer<'/api/admin/close-of-business/runs/{id}', 'get'>;
// Customers (issue 14): the list, the detail with loans and profile, a section's verdict; the SMS log
export type AdminCustomerRow = Item<Answer<'/api/admin/customers', 'get'>>;
export type AdminCustomer = Answer<'/api/admin/customers/{id}', 'get'>;
export type CustomerSection = AdminCustomer['sections'][number];
export type CustomerDocument = AdminCustomer['documents'][number];
export type CustomerLoan = AdminCustomer['loans'][number];
export type SectionVerdictBody = Body<'/api/admin/customers/{id}/sections/{section}/verification', 'post'>;
export type SmsRow = Item<Answer<'/api/admin/sms', 'get'>>;
/** A phone migration 0037 could not put in one form (issue 27 item 5), with the accounts it collides with. */
export type PhoneCollision = Answer<'/api/admin/phone-collisions/{id}', 'get'>;

// Borrowers (portal)
/** The Key Facts Statement (RBI, 15 April 2024): Part 1, Part 2 and the schedule; the APR in basis points. */
export type KeyFactStatement = Answer<'/api/me/loans/{id}/kfs', 'get'>;
export type SigningCodeSent = Answer<'/api/me/loans/{id}/agreement/code', 'post'>;
/** What the emailed e-sign link shows before signing. */
export type SignLink = Answer<'/api/public/agreements/{token}', 'get'>;
export type SignedByLink = Answer<'/api/public/agreements/{token}/sign', 'post'>;
export type SignAgreementBody = Body<'/api/me/loans/{id}/sign-agreement', 'post'>;
export type MyLoan = Answer<'/api/me/loans/{id}', 'get'>;
export type MyLoanEvent = Item<Answer<'/api/me/loans/{id}/history', 'get'>>;
export type MyNotification = Item<Answer<'/api/me/notifications', 'get'>>;
export type StartLoanBody = Body<'/api/me/loans', 'post'>;
export type AmendLoanBody = Body<'/api/me/loans/{id}', 'patch'>;
export type EmiQuote = Answer<'/api/public/emi', 'get'>;
export type PublicProduct = Item<Answer<'/api/public/products', 'get'>>;
export type Profile = Answer<'/api/me/profile', 'get'>;
export type UpdateProfileBody = Body<'/api/me/profile', 'put'>;
export type Me = Answer<'/api/me', 'get'>;
export type SignedIn = Answer<'/api/auth/login', 'post'>;
export type Registered = Answer<'/api/auth/register', 'post'>;
export type SocialSignedIn = Answer<'/api/auth/social', 'post'>;
export type Message = Answer<'/api/auth/forgot-password', 'post'>;
export type MyPayment = Answer<'/api/me/payments/{paymentId}', 'get'>;
export type OnlinePaymentCreated = Answer<'/api/me/loans/{id}/payments', 'post'>;
export type MyPaymentPreview = Answer<'/api/me/loans/{id}/payments/preview', 'post'>;

// Shared pieces of a loan
export type LoanType = MyLoan['type'];
export type LoanState = MyLoan['state'];
export type ScheduleLine = NonNullable<MyLoan['schedule']>[number];
export type AgreementTerms = NonNullable<MyLoan['agreement']>['terms'];
// Servicing (issue 12): the same shapes in the staff and the borrower answers
export type Instalment = MyLoan['instalments'][number];
export type Outstanding = NonNullable<MyLoan['outstanding']>;
export type LedgerLine = Item<Answer<'/api/admin/loans/{id}/transactions', 'get'>>;
export type ForeclosureQuote = Answer<'/api/admin/loans/{id}/foreclosure-quote', 'get'>;
// Help issues and state landing pages (issue 15 items 5 and 7)
export type MyIssue = Answer<'/api/me/issues/{id}', 'get'>;
export type MyIssueRow = Item<Answer<'/api/me/issues', 'get'>>;
export type RaiseIssueBody = Body<'/api/me/issues', 'post'>;
export type IssueCategory = MyIssue['category'];
export type IssueStatus = MyIssue['status'];
export type AdminIssue = Answer<'/api/admin/issues/{id}', 'get'>;
export type AdminIssueRow = Item<Answer<'/api/admin/issues', 'get'>>;
export type IssueAssignee = Item<Answer<'/api/admin/issue-assignees', 'get'>>;
export type StatePage = Answer<'/api/admin/state-pages/{id}', 'get'>;
// Consents under the DPDP Act (issue 33 item 5): the borrower's, and a customer's as staff read them
export type Consent = Item<Answer<'/api/me/consents', 'get'>>;
export type ConsentPurpose = Consent['purpose'];
export type GivableConsent = Item<Answer<'/api/me/consents/givable', 'get'>>;
// Data rights (issue 33 item 5): the borrower's erasure requests, and as staff read them
export type MyErasureRequests = Answer<'/api/me/erasure-requests', 'get'>;
export type ErasureRequest = MyErasureRequests['requests'][number];
export type ErasurePlan = MyErasureRequests['preview'];
export type ErasureAnswer = NonNullable<ErasureRequest['answer']>;
export type RequestedErasure = Answer<'/api/me/erasure-requests', 'post'>;
export type AdminErasureRequestRow = Item<Answer<'/api/admin/erasure-requests', 'get'>>;
export type AdminErasureRequest = Answer<'/api/admin/erasure-requests/{id}', 'get'>;
export type PublicStatePage = Answer<'/api/public/state-pages/{state}/{city}', 'get'>;

// Push notifications and the funnel (issue 15)
export type PushRegistration = Answer<'/api/me/push-tokens', 'post'>;
export type PushTokenBody = Body<'/api/me/push-tokens', 'post'>;
export type PushSubscriptionOptions = PushTokenBody['options'];
export type PushLogEntry = Item<Answer<'/api/admin/pushes', 'get'>>;
export type ApplicationFunnel = Answer<'/api/admin/application-funnel', 'get'>;
export type QuickStart = Answer<'/api/public/quick-start', 'post'>;
export type QuickStartFinished = Answer<'/api/public/quick-start/finish', 'post'>;
export type PhoneCodeSent = Answer<'/api/public/otp', 'post'>;
export type EmailCodeSent = Answer<'/api/me/email-verification', 'post'>;
export type PhoneProof = Answer<'/api/public/otp/verify', 'post'>;
// Channels (issue 15 item 3): WhatsApp, IVR, the dialer
export type WhatsappConversationSummary = Item<Answer<'/api/admin/whatsapp/conversations', 'get'>>;
export type WhatsappConversation = Answer<'/api/admin/whatsapp/conversations/{id}', 'get'>;
export type WhatsappTemplate = Item<Answer<'/api/admin/whatsapp/templates', 'get'>>;
export type SendWhatsappBody = Body<'/api/admin/whatsapp/messages', 'post'>;
export type IvrCall = Item<Answer<'/api/admin/ivr-calls', 'get'>>;
export type DialerQueue = Answer<'/api/admin/dialer/queue', 'get'>;
export type DialerCall = Answer<'/api/admin/dialer/calls', 'post'>;
export type DialerOutcomeBody = Body<'/api/admin/dialer/calls/{id}/outcome', 'post'>;
/** The cooling-off exit (issue 33): the window, today's exit amount and the exit once asked, for staff and the borrower. */
export type CoolingOff = Answer<'/api/admin/loans/{id}/cooling-off', 'get'>;
export type CoolingOffAmounts = NonNullable<CoolingOff['quote']>;
export type MyCoolingOff = Answer<'/api/me/loans/{id}/cooling-off', 'get'>;
/** Documents sent on signing (issue 33): per signing and channel, what went where, its status and attempts. */
export type DocumentDelivery = Item<Answer<'/api/admin/loans/{id}/document-deliveries', 'get'>>;
/** The books' maker-checker requests (issue 31): a manual journal entry, a period close, and what is closed. */
export type ManualEntry = Answer<'/api/admin/accounting/manual-entries/{id}', 'get'>;
export type PeriodClose = Item<Answer<'/api/admin/accounting/period-closes', 'get'>>;
export type AccountingPeriods = Answer<'/api/admin/accounting/periods', 'get'>;
