import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Actor } from '../../identity/public/index.js';
import { StatePageNotFound, StatePageTaken } from '../domain/state-page.js';
import { StatePagesRepository, statePageView, type StatePageFields } from './state-pages.repository.js';

export class CreateStatePage {
  constructor(
    readonly actor: Actor,
    readonly fields: StatePageFields,
  ) {}
}

@CommandHandler(CreateStatePage)
export class CreateStatePageHandler implements ICommandHandler<CreateStatePage> {
  constructor(private readonly pages: StatePagesRepository) {}
  async execute({ actor, fields }: CreateStatePage) {
    const row = await this.pages.create(fields, actor.id);
    if (!row) throw new StatePageTaken(fields.state, fields.city);
    return statePageView(row);
  }
}

export class UpdateStatePage {
  constructor(
    readonly actor: Actor,
    readonly id: string,
    readonly fields: StatePageFields,
  ) {}
}

@CommandHandler(UpdateStatePage)
export class UpdateStatePageHandler implements ICommandHandler<UpdateStatePage> {
  constructor(private readonly pages: StatePagesRepository) {}
  async execute({ actor, id, fields }: UpdateStatePage) {
    const row = await this.pages.update(id, fields, actor.id);
    if (row === 'missing') throw new StatePageNotFound(`the id ${id}`);
    if (row === 'taken') throw new StatePageTaken(fields.state, fields.city);
    return statePageView(row);
  }
}

export class DeleteStatePage {
  constructor(readonly id: string) {}
}

@CommandHandler(DeleteStatePage)
export class DeleteStatePageHandler implements ICommandHandler<DeleteStatePage> {
  constructor(private readonly pages: StatePagesRepository) {}
  async execute({ id }: DeleteStatePage) {
    const row = await this.pages.delete(id);
    if (!row) throw new StatePageNotFound(`the id ${id}`);
    return statePageView(row);
  }
}
