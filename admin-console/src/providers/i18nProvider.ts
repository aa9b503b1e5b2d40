import { defaultI18nProvider, type I18nProvider } from 'react-admin';
import { cappedTotalLabel } from '@lending/web-common/list-total';

/** What one record of each resource is called, singular and plural, for the toasts that name it. */
export const RECORD_NOUNS: Record<string, [one: string, many: string]> = {
  Users: ['Staff member', 'staff members'],
  Roles: ['Role', 'roles'],
  Permissions: ['Permission', 'permissions'],
  loans: ['Loan', 'loans'],
  Products: ['Product', 'products'],
  Payments: ['Payment', 'payments'],
  LoanAgreements: ['Agreement', 'agreements'],
  Banners: ['Banner', 'banners'],
  StatePages: ['State page', 'state pages'],
  Issues: ['Issue', 'issues'],
  Leads: ['Lead', 'leads'],
  agentLeads: ['Lead', 'leads'],
  Customers: ['Customer', 'customers'],
  Sms: ['SMS', 'SMS'],
  Emails: ['Email', 'emails'],
  EmailTemplates: ['Email template', 'email templates'],
  PhoneCollisions: ['Phone to review', 'phones to review'],
  ErasureRequests: ['Erasure request', 'erasure requests'],
  BureauRuns: ['Bureau file', 'bureau files'],
  Accounts: ['Account', 'accounts'],
  JournalEntries: ['Journal entry', 'journal entries'],
  ManualEntries: ['Manual entry', 'manual entries'],
  Mandates: ['Mandate', 'mandates'],
  MandatePresentations: ['Presentation', 'presentations'],
  MandateBounces: ['Bounced presentation', 'bounced presentations'],
};

const NOTIFICATION = /^resources\.([^.]+)\.notifications\.(created|updated|deleted)$/;

/**
 * react-admin's English, except that its save and delete toasts name the thing: "Banner created", "3 banners
 * deleted", not "Element created" (react-admin asks `resources.<name>.notifications.<action>` first).
 */
export function toastFor(key: string, count = 1): string | undefined {
  const [, resource, action] = NOTIFICATION.exec(key) ?? [];
  const noun = resource ? RECORD_NOUNS[resource] : undefined;
  if (!noun) return undefined;
  return count === 1 ? `${noun[0]} ${action}` : `${count} ${noun[1]} ${action}`;
}

/**
 * The range of a page whose list the API counts only up to 10,000 (partial pagination, dataProvider.ts): react-admin
 * says "1-25 of more than 25"; the console says "1–25 of 10,000+".
 */
export function partialRangeLabel(options: { offsetBegin?: unknown; offsetEnd?: unknown } | undefined): string {
  return `${String(options?.offsetBegin)}–${String(options?.offsetEnd)} of ${cappedTotalLabel()}`;
}

export const i18nProvider: I18nProvider = {
  ...defaultI18nProvider,
  translate: (key, options) =>
    key === 'ra.navigation.partial_page_range_info'
      ? partialRangeLabel(options)
      : (toastFor(key, typeof options?.smart_count === 'number' ? options.smart_count : 1) ?? defaultI18nProvider.translate(key, options)),
};
