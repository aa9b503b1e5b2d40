import simpleRestProvider from 'ra-data-simple-rest';
import type { CoolingOff } from '../loans/cooling-off.types';
import { HttpError, type DataProvider } from 'react-admin';
import type { LoanHistoryEntry as HistoryEntry, AdminLoan as Loan, LoanQueueCounts as QueueCounts } from '@lending/web-common/api';
import type {
  DocumentDelivery,
  BureauReport,
  BureauRun,
  GrievanceReport,
  ContactConduct,
  AdminCustomer,
  Consent,
  Answer,
  ApplicationFunnel,
  BusinessDate,
  CloseOfBusinessRun,
  CustomerSection,
  LoanProductVersion,
  PaymentPreview,
  PhoneCollision,
  AdminErasureRequestRow,
  SectionVerdictBody,
  StaffUser,
} from '@lending/web-common/api';
import type { AdminPayment as Payment, ForeclosureQuote, LedgerLine } from '@lending/web-common/servicing';
import { pageInfoOf, totalOf } from '@lending/web-common/list-total';
import { API_URL, httpClient } from './http';
import { takeStartedQueueCounts } from './startup-requests';
import type { DayPoint } from '../dashboard/activity';
import type { RenderedEmail, TemplateDraft, TemplateEvent } from '../email-templates/types';
import type { LeadAgent, LeadDetail, LeadStatusCounts } from '../leads/types';
import type { AdminIssue, IssueAssignee } from '@lending/web-common/api';
import type {
  CollectionBucketCounts,
  CollectionContact,
  CollectionRow,
  Collector,
  CollectorAssignment,
  LoanDelinquency,
  RecordContactBody,
  SettlementOffer,
  WriteOff,
} from '../collections/types';

export const ADMIN_API = `${API_URL}/admin`;

/** Console resource names are the URL paths of the spec (/Admin/Users); the API's collections are lower case. */
const API_RESOURCES: Record<string, string> = {
  Users: 'users',
  Roles: 'roles',
  Permissions: 'permissions',
  Products: 'products',
  Payments: 'payments',
  Mandates: 'mandates',
  MandatePresentations: 'mandate-presentations',
  MandateBounces: 'mandate-bounces',
  Emails: 'emails',
  EmailTemplates: 'email-templates',
  Banners: 'banners',
  Issues: 'issues',
  StatePages: 'state-pages',
  Leads: 'leads',
  agentLeads: 'agent-leads',
  Collections: 'collections',
  Customers: 'customers',
  Sms: 'sms',
  LoanAgreements: 'agreements',
  PhoneCollisions: 'phone-collisions',
  ErasureRequests: 'erasure-requests',
  Accounts: 'accounting/accounts',
  JournalEntries: 'accounting/journal-entries',
  ManualEntries: 'accounting/manual-entries',
  BureauRuns: 'bureau-runs',
};

type ReloadDeviceAnswer = Answer<'/api/admin/users/{id}/reload-device', 'post'>;

export type LoanAction = 'accept' | 'approve-soft' | 'approve-bank' | 'issue-agreement' | 'approve-final' | 'disburse' | 'reject';
/** The commands on one payment (docs/api.md "Payments"); each is POST /api/admin/payments/:id/<its path>. */
export type PaymentAction = 'verify' | 'reject' | 'reverse' | 'approve-reversal' | 'reject-reversal';

export type LendingDataProvider = DataProvider & {
  loanQueues(): Promise<QueueCounts>;
  /** Per day from..to (YYYY-MM-DD, UTC): applications submitted, final approvals, disbursals, over every loan. */
  loanActivity(from: string, to: string): Promise<DayPoint[]>;
  loanHistory(id: string): Promise<HistoryEntry[]>;
  loanAsOf(id: string, asOf: string): Promise<Loan>;
  loanAction(id: string, action: LoanAction, body: Record<string, unknown>, idempotencyKey?: string): Promise<Loan>;
  reloadDevice(userId: string): Promise<ReloadDeviceAnswer>;
  getProfile(): Promise<StaffUser>;
  updateProfile(data: { name?: string; phone?: string }): Promise<StaffUser>;
  changePassword(data: { currentPassword: string; newPassword: string }): Promise<unknown>;
  /** Every version of a product, newest first. */
  productVersions(id: string): Promise<LoanProductVersion[]>;
  businessDate(): Promise<BusinessDate>;
  setBusinessDate(date: string): Promise<BusinessDate>;
  /** Close of business through the day before the business date (manual mode, cob.run); answers the run as it starts. */
  startCloseOfBusiness(): Promise<CloseOfBusinessRun>;
  closeOfBusinessRun(id: string): Promise<CloseOfBusinessRun>;
  /** One collection row; through `bucket` (a bucket's detail page), a row not in it is a 404 not-in-bucket naming where it is. */
  collectionRow(id: string, bucket?: string): Promise<CollectionRow>;
  /** The latest runs started from the console, newest first. */
  closeOfBusinessRuns(): Promise<CloseOfBusinessRun[]>;
  /** Generates the month's credit bureau file (a month that has ended); answers the run. */
  generateBureauFile(month: string): Promise<BureauRun>;
  /** The records a bureau run left out, each with a reason per field. */
  bureauReport(id: string): Promise<BureauReport>;
  /** The loan's money ledger, oldest first. */
  loanTransactions(id: string): Promise<LedgerLine[]>;
  /** What pays the loan off on `date` (default: the business date). */
  foreclosureQuote(id: string, date?: string): Promise<ForeclosureQuote>;
  /** An offline payment, pending until a second person verifies it. */
  recordPayment(loanId: string, body: Record<string, unknown>, idempotencyKey: string): Promise<Payment>;
  previewPayment(loanId: string, body: { amount: number; paidOn: string; reducePrincipal: boolean }): Promise<PaymentPreview>;
  paymentAction(paymentId: string, action: PaymentAction, body: Record<string, unknown>, idempotencyKey: string): Promise<Payment>;
  /** Asks for the credit balance (or part of it) to be refunded; a second person approves. */
  requestRefund(loanId: string, body: Record<string, unknown>, idempotencyKey: string): Promise<unknown>;
  /** The checker's approval of a refund asked for by someone else: the credit balance is paid out. */
  approveRefund(loanId: string, refundId: string): Promise<unknown>;
  /** The loan's RBI classification, days past due and every change close of business recorded. */
  loanDelinquency(loanId: string): Promise<LoanDelinquency>;
  /** Recovery conduct of the loan's borrower (issue 33): the contact window now, today's count against the cap, the log. */
  contactConduct(loanId: string): Promise<ContactConduct>;
  /** The monthly grievance report (issue 33), YYYY-MM. */
  grievanceReport(month: string): Promise<GrievanceReport>;
  settlementOffers(loanId: string): Promise<SettlementOffer[]>;
  /** An offer to settle (the maker); a second person approves. */
  offerSettlement(loanId: string, body: Record<string, unknown>, idempotencyKey: string): Promise<SettlementOffer>;
  coolingOff(loanId: string): Promise<CoolingOff>;
  /** The documents sent to the borrower on signing (issue 33): email and SMS, status and attempts. */
  documentDeliveries(loanId: string): Promise<DocumentDelivery[]>;
  /** Sends a failed delivery of those documents again (the server refuses any other status, with why). */
  resendDocumentDelivery(id: string): Promise<DocumentDelivery>;
  requestCoolingOffExit(loanId: string, idempotencyKey: string): Promise<CoolingOff>;
  approveCoolingOffExit(loanId: string): Promise<CoolingOff>;
  approveSettlementOffer(offerId: string): Promise<SettlementOffer>;
  /** The checker turns a pending offer down, with a reason. */
  rejectSettlementOffer(offerId: string, body: Record<string, unknown>): Promise<SettlementOffer>;
  /** The maker takes back their own pending offer. */
  withdrawSettlementOffer(offerId: string): Promise<SettlementOffer>;
  writeOff(loanId: string): Promise<WriteOff>;
  requestWriteOff(loanId: string, body: Record<string, unknown>, idempotencyKey: string): Promise<WriteOff>;
  approveWriteOff(loanId: string): Promise<WriteOff>;
  rejectWriteOff(loanId: string, body: Record<string, unknown>): Promise<WriteOff>;
  withdrawWriteOff(loanId: string): Promise<WriteOff>;
  emailTemplateEvents(): Promise<TemplateEvent[]>;
  /** The template rendered with sample data; the draft's fields replace the saved ones. */
  previewEmailTemplate(id: string, draft: TemplateDraft): Promise<RenderedEmail>;
  retryEmail(id: string): Promise<unknown>;
  /** Moves a lead (resource Leads or agentLeads): lost needs a reason, converted a borrowerId. */
  moveLead(resource: string, id: string, body: Record<string, unknown>): Promise<LeadDetail>;
  addLeadNote(resource: string, id: string, text: string): Promise<LeadDetail>;
  /** The active staff a lead may be assigned to. */
  leadAgents(): Promise<LeadAgent[]>;
  /** Staff who may be assigned issues (issues.manage). */
  issueAssignees(): Promise<IssueAssignee[]>;
  /** A reply to the borrower (emailed) or, with internal, a note only staff see. */
  replyToIssue(id: string, body: { message: string; internal: boolean }): Promise<AdminIssue>;
  /** Leads created from..to (YYYY-MM-DD, business time zone) by status and by source. */
  leadStatusCounts(from: string, to: string): Promise<LeadStatusCounts>;
  /** Of the loans started from..to, how many reached each application step (GET /api/admin/application-funnel). */
  applicationFunnel(from: string, to: string): Promise<ApplicationFunnel>;
  /** How many rows each collection bucket holds (GET /api/admin/collection-buckets). */
  collectionBuckets(): Promise<CollectionBucketCounts>;
  /** The staff loans may be assigned to. */
  collectors(): Promise<Collector[]>;
  /** The loan's contact log, newest first. */
  loanContacts(loanId: string): Promise<CollectionContact[]>;
  recordContact(loanId: string, body: RecordContactBody): Promise<unknown>;
  /** Assigns loans to a collector: one loan by its own command, several in one all-or-nothing request. */
  /** `staffId` null un-assigns: the loans go back to no collector. */
  assignLoans(loanIds: string[], staffId: string | null): Promise<CollectorAssignment>;
  /** A customer with their loans, every profile section, their documents and the review audit. */
  customer(id: string): Promise<AdminCustomer>;
  /** A customer's consents (DPDP Act), newest first; read-only. */
  customerConsents(id: string): Promise<Consent[]>;
  /** Marks a customer's section verified (it must be complete) or rejected (with a reason). */
  reviewSection(customerId: string, section: string, body: SectionVerdictBody): Promise<Omit<CustomerSection, 'reviewedBy'>>;
  resolvePhoneCollision(id: string, action: 'keep' | 'clear'): Promise<PhoneCollision>;
  /** Carries out a borrower's erasure request (customers.erasure); answers the request with its answer. */
  carryOutErasure(id: string): Promise<AdminErasureRequestRow>;
};

/** Where staff read a customer's upload (the session cookie authenticates it; never a public URL). */
export const customerDocumentUrl = (customerId: string, documentId: string, base = ADMIN_API) =>
  `${base}/customers/${encodeURIComponent(customerId)}/documents/${encodeURIComponent(documentId)}`;

/** Where each payment command is posted, under /api/admin/payments/:id/ (docs/api.md "Payments"). */
const PAYMENT_ACTION_PATHS: Record<PaymentAction, string> = {
  verify: 'verify',
  reject: 'reject',
  reverse: 'reverse',
  'approve-reversal': 'reverse/approve',
  'reject-reversal': 'reverse/reject',
};

/** Resources whose forms show the server's field problems under their inputs (react-admin reads `body.errors`). */
const FORMS_WITH_SERVER_ERRORS = new Set(['products', 'email-templates', 'banners', 'issues', 'state-pages', 'leads', 'agent-leads']);

function withFieldErrors(error: unknown): never {
  const fields =
    error instanceof HttpError ? (error.body as { fields?: { name: string; message: string }[] } | undefined)?.fields : undefined;
  if (fields?.length) (error as HttpError).body.errors = Object.fromEntries(fields.map((f) => [f.name, f.message]));
  throw error;
}

export function createDataProvider(base = ADMIN_API, http = httpClient): LendingDataProvider {
  const rest = simpleRestProvider(base, http);
  const apiName = (resource: string) => API_RESOURCES[resource] ?? resource;
  const send = (method: 'POST' | 'PUT', url: string, body: unknown, headers?: Record<string, string>) =>
    http(url, { method, body: JSON.stringify(body ?? {}), headers: new Headers({ 'Content-Type': 'application/json', ...headers }) });
  const crud = Object.fromEntries(
    (['getList', 'getOne', 'getMany', 'getManyReference', 'create', 'update', 'updateMany', 'delete', 'deleteMany'] as const).map(
      (method) => [
        method,
        (resource: string, params: unknown) => {
          const answer = (rest[method] as (r: string, p: unknown) => Promise<unknown>)(apiName(resource), params);
          return FORMS_WITH_SERVER_ERRORS.has(apiName(resource)) && (method === 'create' || method === 'update')
            ? answer.catch(withFieldErrors)
            : answer;
        },
      ],
    ),
  ) as unknown as DataProvider;
  /**
   * A list read as ra-data-simple-rest reads it, except a total the API states as `10000+` (docs/api.md "Lists"):
   * the page then answers react-admin's partial pagination (`pageInfo`, no total), paged by next/previous, and the
   * range label says "of 10,000+" (i18nProvider).
   */
  const listed =
    (method: 'getList' | 'getManyReference') => async (resource: string, params: { pagination?: { page: number; perPage: number } }) => {
      let contentRange: string | null = null;
      const recording: typeof http = async (url, options) => {
        const answer = await http(url, options);
        contentRange = answer.headers.get('Content-Range');
        return answer;
      };
      const answer = await (simpleRestProvider(base, recording)[method] as (r: string, p: unknown) => Promise<{ data: unknown[] }>)(
        apiName(resource),
        params,
      );
      const total = totalOf(contentRange);
      if (total?.exact !== false || !params.pagination) return answer;
      return { data: answer.data, pageInfo: pageInfoOf(params.pagination, answer.data.length) };
    };

  return {
    ...crud,
    getList: listed('getList') as DataProvider['getList'],
    getManyReference: listed('getManyReference') as DataProvider['getManyReference'],
    loanQueues: async () =>
      ((await takeStartedQueueCounts()?.catch(() => undefined)) ?? (await http(`${base}/loan-queues`)).json) as QueueCounts,
    loanActivity: async (from, to) =>
      (await http(`${base}/loan-activity?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`)).json as DayPoint[],
    loanHistory: async (id) => (await http(`${base}/loans/${encodeURIComponent(id)}/history`)).json as HistoryEntry[],
    loanAsOf: async (id, asOf) => (await http(`${base}/loans/${encodeURIComponent(id)}?asOf=${encodeURIComponent(asOf)}`)).json as Loan,
    loanAction: async (id, action, body, idempotencyKey) =>
      (
        await send(
          'POST',
          `${base}/loans/${encodeURIComponent(id)}/${action}`,
          body,
          idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
        )
      ).json as Loan,
    reloadDevice: async (userId) =>
      (await send('POST', `${base}/users/${encodeURIComponent(userId)}/reload-device`, {})).json as ReloadDeviceAnswer,
    getProfile: async () => (await http(`${base}/profile`)).json as StaffUser,
    updateProfile: async (data) => (await send('PUT', `${base}/profile`, data)).json as StaffUser,
    changePassword: async (data) => (await send('POST', `${base}/profile/password`, data)).json,
    productVersions: async (id) => (await http(`${base}/products/${encodeURIComponent(id)}/versions`)).json as LoanProductVersion[],
    businessDate: async () => (await http(`${base}/business-date`)).json as BusinessDate,
    setBusinessDate: async (date) => (await send('PUT', `${base}/business-date`, { date })).json as BusinessDate,
    collectionRow: async (id, bucket) =>
      (await http(`${base}/collections/${encodeURIComponent(id)}${bucket ? `?bucket=${encodeURIComponent(bucket)}` : ''}`))
        .json as CollectionRow,
    startCloseOfBusiness: async () => (await send('POST', `${base}/close-of-business/runs`, {})).json as CloseOfBusinessRun,
    closeOfBusinessRun: async (id) => (await http(`${base}/close-of-business/runs/${encodeURIComponent(id)}`)).json as CloseOfBusinessRun,
    closeOfBusinessRuns: async () =>
      (await http(`${base}/close-of-business/runs?range=${encodeURIComponent('[0,4]')}`)).json as CloseOfBusinessRun[],
    generateBureauFile: async (month) => (await send('POST', `${base}/bureau-runs`, { month })).json as BureauRun,
    bureauReport: async (id) => (await http(`${base}/bureau-runs/${encodeURIComponent(id)}/report?format=json`)).json as BureauReport,
    loanTransactions: async (id) => (await http(`${base}/loans/${encodeURIComponent(id)}/transactions`)).json as LedgerLine[],
    foreclosureQuote: async (id, date) =>
      (await http(`${base}/loans/${encodeURIComponent(id)}/foreclosure-quote${date ? `?date=${encodeURIComponent(date)}` : ''}`))
        .json as ForeclosureQuote,
    previewPayment: async (loanId, body) =>
      (await send('POST', `${base}/loans/${encodeURIComponent(loanId)}/payments/preview`, body)).json as PaymentPreview,
    recordPayment: async (loanId, body, idempotencyKey) =>
      (await send('POST', `${base}/loans/${encodeURIComponent(loanId)}/payments`, body, { 'Idempotency-Key': idempotencyKey }))
        .json as Payment,
    paymentAction: async (paymentId, action, body, idempotencyKey) =>
      (
        await send('POST', `${base}/payments/${encodeURIComponent(paymentId)}/${PAYMENT_ACTION_PATHS[action]}`, body, {
          'Idempotency-Key': idempotencyKey,
        })
      ).json as Payment,
    requestRefund: async (loanId, body, idempotencyKey) =>
      (await send('POST', `${base}/loans/${encodeURIComponent(loanId)}/refunds`, body, { 'Idempotency-Key': idempotencyKey })).json,
    approveRefund: async (loanId, refundId) =>
      (await send('POST', `${base}/loans/${encodeURIComponent(loanId)}/refunds/${encodeURIComponent(refundId)}/approve`, {})).json,
    loanDelinquency: async (loanId) => (await http(`${base}/loans/${encodeURIComponent(loanId)}/delinquency`)).json as LoanDelinquency,
    contactConduct: async (loanId) => (await http(`${base}/loans/${encodeURIComponent(loanId)}/contact-conduct`)).json as ContactConduct,
    grievanceReport: async (month) => (await http(`${base}/grievances/report?month=${encodeURIComponent(month)}`)).json as GrievanceReport,
    settlementOffers: async (loanId) =>
      (await http(`${base}/loans/${encodeURIComponent(loanId)}/settlement-offers`)).json as SettlementOffer[],
    coolingOff: async (loanId) => (await http(`${base}/loans/${encodeURIComponent(loanId)}/cooling-off`)).json as CoolingOff,
    documentDeliveries: async (loanId) =>
      (await http(`${base}/loans/${encodeURIComponent(loanId)}/document-deliveries`)).json as DocumentDelivery[],
    resendDocumentDelivery: async (id) =>
      (await send('POST', `${base}/document-deliveries/${encodeURIComponent(id)}/resend`, {})).json as DocumentDelivery,
    requestCoolingOffExit: async (loanId, idempotencyKey) =>
      (await send('POST', `${base}/loans/${encodeURIComponent(loanId)}/cooling-off/exit`, {}, { 'Idempotency-Key': idempotencyKey }))
        .json as CoolingOff,
    approveCoolingOffExit: async (loanId) =>
      (await send('POST', `${base}/loans/${encodeURIComponent(loanId)}/cooling-off/approve`, {})).json as CoolingOff,
    offerSettlement: async (loanId, body, idempotencyKey) =>
      (await send('POST', `${base}/loans/${encodeURIComponent(loanId)}/settlement-offers`, body, { 'Idempotency-Key': idempotencyKey }))
        .json as SettlementOffer,
    approveSettlementOffer: async (offerId) =>
      (await send('POST', `${base}/settlement-offers/${encodeURIComponent(offerId)}/approve`, {})).json as SettlementOffer,
    rejectSettlementOffer: async (offerId, body) =>
      (await send('POST', `${base}/settlement-offers/${encodeURIComponent(offerId)}/reject`, body)).json as SettlementOffer,
    withdrawSettlementOffer: async (offerId) =>
      (await send('POST', `${base}/settlement-offers/${encodeURIComponent(offerId)}/withdraw`, {})).json as SettlementOffer,
    writeOff: async (loanId) => (await http(`${base}/loans/${encodeURIComponent(loanId)}/write-off`)).json as WriteOff,
    requestWriteOff: async (loanId, body, idempotencyKey) =>
      (await send('POST', `${base}/loans/${encodeURIComponent(loanId)}/write-off`, body, { 'Idempotency-Key': idempotencyKey }))
        .json as WriteOff,
    approveWriteOff: async (loanId) =>
      (await send('POST', `${base}/loans/${encodeURIComponent(loanId)}/write-off/approve`, {})).json as WriteOff,
    rejectWriteOff: async (loanId, body) =>
      (await send('POST', `${base}/loans/${encodeURIComponent(loanId)}/write-off/reject`, body)).json as WriteOff,
    withdrawWriteOff: async (loanId) =>
      (await send('POST', `${base}/loans/${encodeURIComponent(loanId)}/write-off/withdraw`, {})).json as WriteOff,
    emailTemplateEvents: async () => (await http(`${base}/email-template-events`)).json as TemplateEvent[],
    previewEmailTemplate: async (id, draft) =>
      (await send('POST', `${base}/email-templates/${encodeURIComponent(id)}/preview`, draft)).json as RenderedEmail,
    retryEmail: async (id) => (await send('POST', `${base}/emails/${encodeURIComponent(id)}/retry`, {})).json,
    moveLead: async (resource, id, body) =>
      (await send('POST', `${base}/${apiName(resource)}/${encodeURIComponent(id)}/status`, body).catch(withFieldErrors)).json as LeadDetail,
    addLeadNote: async (resource, id, text) =>
      (await send('POST', `${base}/${apiName(resource)}/${encodeURIComponent(id)}/notes`, { text }).catch(withFieldErrors))
        .json as LeadDetail,
    leadAgents: async () => (await http(`${base}/lead-agents`)).json as LeadAgent[],
    issueAssignees: async () => (await http(`${base}/issue-assignees`)).json as IssueAssignee[],
    replyToIssue: async (id, body) =>
      (await send('POST', `${base}/issues/${encodeURIComponent(id)}/replies`, body).catch(withFieldErrors)).json as AdminIssue,
    leadStatusCounts: async (from, to) =>
      (await http(`${base}/lead-status?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`)).json as LeadStatusCounts,
    applicationFunnel: async (from, to) =>
      (await http(`${base}/application-funnel?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`)).json as ApplicationFunnel,
    customer: async (id) => (await http(`${base}/customers/${encodeURIComponent(id)}`)).json as AdminCustomer,
    customerConsents: async (id) => (await http(`${base}/customers/${encodeURIComponent(id)}/consents`)).json as Consent[],
    reviewSection: async (customerId, section, body) =>
      (
        await send(
          'POST',
          `${base}/customers/${encodeURIComponent(customerId)}/sections/${encodeURIComponent(section)}/verification`,
          body,
        ).catch(withFieldErrors)
      ).json as Omit<CustomerSection, 'reviewedBy'>,
    resolvePhoneCollision: async (id, action) =>
      (await send('POST', `${base}/phone-collisions/${encodeURIComponent(id)}/resolve`, { action })).json as PhoneCollision,
    carryOutErasure: async (id) =>
      (await send('POST', `${base}/erasure-requests/${encodeURIComponent(id)}/carry-out`, {})).json as AdminErasureRequestRow,
    collectionBuckets: async () => (await http(`${base}/collection-buckets`)).json as CollectionBucketCounts,
    collectors: async () => (await http(`${base}/collectors`)).json as Collector[],
    loanContacts: async (loanId) =>
      (await http(`${base}/loans/${encodeURIComponent(loanId)}/contacts?range=${encodeURIComponent('[0,99]')}`))
        .json as CollectionContact[],
    recordContact: async (loanId, body) => (await send('POST', `${base}/loans/${encodeURIComponent(loanId)}/contacts`, body)).json,
    assignLoans: async (loanIds, staffId) =>
      loanIds.length === 1
        ? ((await send('POST', `${base}/loans/${encodeURIComponent(loanIds[0]!)}/assign`, { staffId })).json as CollectorAssignment)
        : ((await send('POST', `${base}/collections/assign`, { loanIds, staffId })).json as CollectorAssignment),
  };
}

export const dataProvider = createDataProvider();
