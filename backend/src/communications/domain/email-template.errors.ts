import { DomainError } from '../../platform/errors/domain-error.js';
import type { TemplateProblem } from './template-rules.js';

/** Refusals about email templates; the API's problem type is the part of the code after the dot. */
export class TemplateRefused extends DomainError {
  readonly code = 'TEMPLATE.VALIDATION_FAILED';
  readonly kind = 'invalid';
  override readonly title = 'Your request has invalid fields';
  constructor(readonly fields: TemplateProblem[]) {
    super(fields.map((f) => `${f.name} ${f.message}`).join('; '), { fields });
  }
}

export class EmailTemplateNotFound extends DomainError {
  readonly code = 'TEMPLATE.NOT_FOUND';
  readonly kind = 'not-found';
  constructor(id: string) {
    super(`No email template has the id ${id}.`, { id });
  }
}
