import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BorrowerDirectory, type Actor } from '../../identity/public/index.js';
import { changesBetween, decideStatusMove, validLeadFields, type LeadSource, type LeadStatus } from '../domain/leads.js';
import { leadIllegalMove, leadInvalid, leadNotFound } from '../domain/origination.errors.js';
import { LeadsRepository, type LeadChange, type LeadScope } from '../leads/leads.repository.js';
import { LeadStaff } from './lead-names.js';
import { GetLeadHandler, GetLeadQuery } from './lead.queries.js';

export type LeadInput = { name: string; phone: string; email?: string | null; followUpOn?: string | null };

function fieldsOrThrow(input: LeadInput) {
  const result = validLeadFields(input);
  if (!result.ok) throw leadInvalid(result.problems);
  return result.fields;
}

export class CreateLeadCommand {
  constructor(
    readonly actor: Actor,
    readonly input: LeadInput,
    readonly source: Exclude<LeadSource, 'quickStart'>,
    readonly assignedTo: string | null,
  ) {}
}

/** Creates a lead (an agent's walk-in is assigned to them); answers it with its notes and history. */
@CommandHandler(CreateLeadCommand)
export class CreateLeadHandler implements ICommandHandler<CreateLeadCommand> {
  constructor(
    private readonly leads: LeadsRepository,
    private readonly staff: LeadStaff,
    private readonly reader: GetLeadHandler,
  ) {}

  async execute({ actor, input, source, assignedTo }: CreateLeadCommand) {
    const fields = fieldsOrThrow(input);
    await this.staff.assertAssignable(assignedTo);
    const row = await this.leads.create({ ...fields, source, assignedTo }, actor.id);
    return this.reader.execute(new GetLeadQuery({}, row.id));
  }
}

export class UpdateLeadCommand {
  constructor(
    readonly actor: Actor,
    readonly scope: LeadScope,
    readonly id: string,
    readonly input: LeadInput,
    /** Absent for an agent's own edit: only leads.manage reassigns. */
    readonly assignedTo: string | null | undefined,
  ) {}
}

/** Saves name, phone, email, follow-up date (and, for leads.manage, the agent); each changed field audited. */
@CommandHandler(UpdateLeadCommand)
export class UpdateLeadHandler implements ICommandHandler<UpdateLeadCommand> {
  constructor(
    private readonly leads: LeadsRepository,
    private readonly staff: LeadStaff,
    private readonly reader: GetLeadHandler,
  ) {}

  async execute({ actor, scope, id, input, assignedTo }: UpdateLeadCommand) {
    const fields = fieldsOrThrow(input);
    if (assignedTo !== undefined) await this.staff.assertAssignable(assignedTo);
    const row = await this.leads.change(id, scope, actor.id, (current) => {
      const before = {
        name: current.name,
        phone: current.phone,
        email: current.email,
        assignedTo: current.assigned_to,
        followUpOn: current.follow_up_on,
      };
      const after = { ...fields, assignedTo: assignedTo === undefined ? current.assigned_to : assignedTo };
      return {
        set: { name: after.name, phone: after.phone, email: after.email, assigned_to: after.assignedTo, follow_up_on: after.followUpOn },
        changes: changesBetween(before, after),
      };
    });
    if (!row) throw leadNotFound(id);
    return this.reader.execute(new GetLeadQuery(scope, id));
  }
}

export class MoveLeadStatusCommand {
  constructor(
    readonly actor: Actor,
    readonly scope: LeadScope,
    readonly id: string,
    readonly move: { status: LeadStatus; reason?: string | null; borrowerId?: string | null },
  ) {}
}

/**
 * Moves a lead along the funnel under its row lock. Lost needs a reason; converted links the borrower it became,
 * who must exist (identity's BorrowerDirectory): the borrowerId given, else the one borrower with the lead's phone
 * or email. A refused move changes nothing.
 */
@CommandHandler(MoveLeadStatusCommand)
export class MoveLeadStatusHandler implements ICommandHandler<MoveLeadStatusCommand> {
  constructor(
    private readonly leads: LeadsRepository,
    private readonly borrowers: BorrowerDirectory,
    private readonly reader: GetLeadHandler,
  ) {}

  async execute({ actor, scope, id, move }: MoveLeadStatusCommand) {
    const row = await this.leads.change(id, scope, actor.id, async (current) => {
      const borrowerId = move.borrowerId ?? (move.status === 'converted' ? await this.matchedBorrower(current) : null);
      const decision = decideStatusMove(current.status, { to: move.status, reason: move.reason, borrowerId });
      if (!decision.ok) {
        if (decision.refusal.kind === 'illegal') throw leadIllegalMove(decision.refusal.message, current.status, move.status);
        throw leadInvalid(decision.refusal.fields);
      }
      if (decision.borrowerId && !(await this.borrowers.profileOf(decision.borrowerId)))
        throw leadInvalid([{ name: 'borrowerId', message: 'is not a borrower' }]);
      const changes: LeadChange[] = [
        { field: 'status', from: current.status, to: decision.status, reason: decision.lostReason ?? (move.reason?.trim() || null) },
      ];
      if (decision.borrowerId) changes.push({ field: 'borrowerId', from: current.borrower_id, to: decision.borrowerId, reason: null });
      return {
        set: {
          status: decision.status,
          lost_reason: decision.lostReason,
          ...(decision.borrowerId ? { borrower_id: decision.borrowerId } : {}),
        },
        changes,
      };
    });
    if (!row) throw leadNotFound(id);
    return this.reader.execute(new GetLeadQuery(scope, id));
  }

  /** Without a borrowerId, the one borrower with the lead's phone or email (none, or several: the caller must say). */
  private async matchedBorrower(lead: { phone: string; email: string | null }): Promise<string | null> {
    const found = await this.borrowers.findByContact({ phone: lead.phone, email: lead.email });
    return found.length === 1 ? found[0].id : null;
  }
}

export class AddLeadNoteCommand {
  constructor(
    readonly actor: Actor,
    readonly scope: LeadScope,
    readonly id: string,
    readonly text: string,
  ) {}
}

@CommandHandler(AddLeadNoteCommand)
export class AddLeadNoteHandler implements ICommandHandler<AddLeadNoteCommand> {
  constructor(
    private readonly leads: LeadsRepository,
    private readonly reader: GetLeadHandler,
  ) {}

  async execute({ actor, scope, id, text }: AddLeadNoteCommand) {
    const note = await this.leads.addNote(id, scope, text, actor.id);
    if (!note) throw leadNotFound(id);
    return this.reader.execute(new GetLeadQuery(scope, id));
  }
}
