import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Actor } from '../../../identity/public/index.js';
import { EmailTemplateNotFound, TemplateRefused } from '../../domain/email-template.errors.js';
import { templateEvent } from '../../domain/template-events.js';
import { checkTemplate } from '../../domain/template-rules.js';
import { EmailTemplatesRepository, templateView, type TemplateFields } from './email-templates.repository.js';

function refuseUnsafe(fields: TemplateFields): void {
  const problems = checkTemplate(templateEvent(fields.event)!, fields);
  if (problems.length > 0) throw new TemplateRefused(problems);
}

export class CreateEmailTemplateCommand {
  constructor(
    readonly actor: Actor,
    readonly fields: TemplateFields,
  ) {}
}

/** A new template (version 1), checked first: an unknown variable or unsafe construct is refused, not sent blank. */
@CommandHandler(CreateEmailTemplateCommand)
export class CreateEmailTemplateHandler implements ICommandHandler<CreateEmailTemplateCommand> {
  constructor(private readonly templates: EmailTemplatesRepository) {}
  async execute({ actor, fields }: CreateEmailTemplateCommand) {
    refuseUnsafe(fields);
    return templateView(await this.templates.create(fields, actor.id));
  }
}

export class UpdateEmailTemplateCommand {
  constructor(
    readonly actor: Actor,
    readonly id: string,
    readonly fields: TemplateFields,
  ) {}
}

/** The template's next version (none when nothing changed), checked as a new one is. */
@CommandHandler(UpdateEmailTemplateCommand)
export class UpdateEmailTemplateHandler implements ICommandHandler<UpdateEmailTemplateCommand> {
  constructor(private readonly templates: EmailTemplatesRepository) {}
  async execute({ actor, id, fields }: UpdateEmailTemplateCommand) {
    refuseUnsafe(fields);
    const row = await this.templates.update(id, fields, actor.id);
    if (!row) throw new EmailTemplateNotFound(id);
    return templateView(row);
  }
}
