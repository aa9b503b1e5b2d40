import { defaultI18nProvider, type I18nProvider } from 'react-admin';

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

export const i18nProvider: I18nProvider = {
  ...defaultI18nProvider,
  translate: (key, options) =>
    toastFor(key, typeof options?.smart_count === 'number' ? options.smart_count : 1) ?? defaultI18nProvider.translate(key, options),
};
