/** Email templates as the API answers them (GET /api/admin/email-templates). */
export type EmailTemplate = {
  id: string;
  name: string;
  event: string;
  subject: string;
  html: string;
  text: string;
  active: boolean;
  version: number;
  shipped: boolean;
  createdAt: string;
  updatedAt: string;
  updatedBy: string;
};

export type TemplateVariable = { name: string; description: string; sample: string };
export type TemplateEvent = { key: string; label: string; loanEvent?: string; required?: string[]; variables: TemplateVariable[] };
export type RenderedEmail = { subject: string; html: string; text: string };
export type TemplateDraft = Partial<Pick<EmailTemplate, 'event' | 'subject' | 'html' | 'text'>>;

/** What the API takes on save: the editable fields only (react-admin's record also holds id, version, dates). */
export const templateBody = (values: Record<string, unknown>) => ({
  name: values.name,
  event: values.event,
  subject: values.subject,
  html: values.html,
  text: values.text,
  active: Boolean(values.active),
});
