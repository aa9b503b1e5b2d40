import type { Answer } from '@lending/web-common/api';

/** Email templates as the API answers them, from the generated API types (npm run api-types). */
export type EmailTemplate = Answer<'/api/admin/email-templates/{id}', 'get'>;
export type TemplateEvent = Answer<'/api/admin/email-template-events', 'get'>[number];
export type TemplateVariable = TemplateEvent['variables'][number];
export type RenderedEmail = Answer<'/api/admin/email-templates/{id}/preview', 'post'>;
/** The form's text of a template not yet saved, for the preview. */
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
