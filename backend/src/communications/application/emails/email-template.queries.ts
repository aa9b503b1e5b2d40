import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ListParams } from '../../../platform/query/list-params.js';
import { EmailTemplateNotFound, TemplateRefused } from '../../domain/email-template.errors.js';
import { sampleVariables, templateEvent } from '../../domain/template-events.js';
import { checkTemplate, renderTemplate, type RenderedEmail, type TemplateSource } from '../../domain/template-rules.js';
import { EmailTemplatesRepository, templateView, type TemplateListFilter } from './email-templates.repository.js';

export class ListEmailTemplatesQuery {
  constructor(
    readonly filter: TemplateListFilter,
    readonly sort: ListParams['sort'],
    readonly range: ListParams['range'],
  ) {}
}

@QueryHandler(ListEmailTemplatesQuery)
export class ListEmailTemplatesHandler implements IQueryHandler<ListEmailTemplatesQuery> {
  constructor(private readonly templates: EmailTemplatesRepository) {}
  execute({ filter, sort, range }: ListEmailTemplatesQuery) {
    return this.templates.list(filter, sort, range);
  }
}

export class GetEmailTemplateQuery {
  constructor(readonly id: string) {}
}

@QueryHandler(GetEmailTemplateQuery)
export class GetEmailTemplateHandler implements IQueryHandler<GetEmailTemplateQuery> {
  constructor(private readonly templates: EmailTemplatesRepository) {}
  async execute({ id }: GetEmailTemplateQuery) {
    const row = await this.templates.find(id);
    if (!row) throw new EmailTemplateNotFound(id);
    return templateView(row);
  }
}

export class ListEmailTemplateVersionsQuery {
  constructor(readonly id: string) {}
}

@QueryHandler(ListEmailTemplateVersionsQuery)
export class ListEmailTemplateVersionsHandler implements IQueryHandler<ListEmailTemplateVersionsQuery> {
  constructor(private readonly templates: EmailTemplatesRepository) {}
  async execute({ id }: ListEmailTemplateVersionsQuery) {
    if (!(await this.templates.find(id))) throw new EmailTemplateNotFound(id);
    return this.templates.versions(id);
  }
}

export class PreviewEmailTemplateQuery {
  constructor(
    readonly id: string,
    readonly draft: Partial<TemplateSource & { event: string }>,
  ) {}
}

/** The template (or a draft of it) rendered with its event's sample data; a draft is checked as a save would be. */
@QueryHandler(PreviewEmailTemplateQuery)
export class PreviewEmailTemplateHandler implements IQueryHandler<PreviewEmailTemplateQuery> {
  constructor(private readonly templates: EmailTemplatesRepository) {}
  async execute({ id, draft }: PreviewEmailTemplateQuery): Promise<RenderedEmail> {
    const row = await this.templates.find(id);
    if (!row) throw new EmailTemplateNotFound(id);
    const source = { event: row.event, subject: row.subject, html: row.html, text: row.text, ...draft };
    const event = templateEvent(source.event);
    // A template of a retired event (agreement-issued, migration 0034) is kept for history, never rendered.
    if (!event) throw new TemplateRefused([{ name: 'event', message: `${source.event} is no longer an email event` }]);
    const problems = checkTemplate(event, source);
    if (problems.length > 0) throw new TemplateRefused(problems);
    return renderTemplate(source, sampleVariables(event));
  }
}
