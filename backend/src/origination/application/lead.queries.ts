import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { BUSINESS_DATE, type BusinessDate } from '../../platform/business-date/business-date.port.js';
import { RUNTIME, type Runtime } from '../../platform/runtime.js';
import type { ListParams } from '../../platform/query/list-params.js';
import { LEAD_SOURCES, LEAD_STATUSES } from '../domain/leads.js';
import { leadInvalid, leadNotFound } from '../domain/origination.errors.js';
import { LeadsRepository, type LeadListFilter, type LeadScope } from '../leads/leads.repository.js';
import { LeadStaff } from './lead-names.js';
import { leadChangeView, leadNoteView, leadView } from './lead.view.js';

export class ListLeadsQuery {
  constructor(
    readonly scope: LeadScope,
    readonly filter: LeadListFilter,
    readonly sort: ListParams['sort'],
    readonly range: ListParams['range'],
    /** An agent's worklist: follow-ups due on the business date first. */
    readonly worklist = false,
  ) {}
}

@QueryHandler(ListLeadsQuery)
export class ListLeadsHandler implements IQueryHandler<ListLeadsQuery> {
  constructor(
    private readonly leads: LeadsRepository,
    private readonly staff: LeadStaff,
    @Inject(BUSINESS_DATE) private readonly businessDate: BusinessDate,
  ) {}

  async execute({ scope, filter, sort, range, worklist }: ListLeadsQuery) {
    const today = worklist ? await this.businessDate.today() : undefined;
    const { rows, total } = await this.leads.list(scope, filter, sort, range, today);
    const names = await this.staff.namesFor(rows);
    return { rows: rows.map((r) => leadView(r, names)), total };
  }
}

export class GetLeadQuery {
  constructor(
    readonly scope: LeadScope,
    readonly id: string,
  ) {}
}

/** One lead with its notes and its change history (who, when, field, from, to). */
@QueryHandler(GetLeadQuery)
export class GetLeadHandler implements IQueryHandler<GetLeadQuery> {
  constructor(
    private readonly leads: LeadsRepository,
    private readonly staff: LeadStaff,
  ) {}

  async execute({ scope, id }: GetLeadQuery) {
    const row = await this.leads.find(id, scope);
    if (!row) throw leadNotFound(id);
    const [notes, changes] = await Promise.all([this.leads.notesOf(id), this.leads.changesOf(id)]);
    const names = await this.staff.namesFor([row], [...notes.map((n) => n.author_id), ...changes.map((c) => c.changed_by)]);
    return {
      ...leadView(row, names),
      notes: notes.map((n) => ({ ...leadNoteView(n), authorName: names.get(n.author_id) ?? null })),
      history: changes.map((c) => ({ ...leadChangeView(c), changedByName: names.get(c.changed_by) ?? null })),
    };
  }
}

export class LeadStatusCountsQuery {
  constructor(
    readonly from: string | undefined,
    readonly to: string | undefined,
  ) {}
}

const DAY = 86_400_000;
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** The dashboard's leadStatus panel: leads created in the period (default the 30 days to the business date) by status and source. */
@QueryHandler(LeadStatusCountsQuery)
export class LeadStatusCountsHandler implements IQueryHandler<LeadStatusCountsQuery> {
  constructor(
    private readonly leads: LeadsRepository,
    @Inject(BUSINESS_DATE) private readonly businessDate: BusinessDate,
    @Inject(RUNTIME) private readonly runtime: Runtime,
  ) {}

  async execute({ from, to }: LeadStatusCountsQuery) {
    const end = to ?? (await this.businessDate.today());
    const start = from ?? addDays(end, -29);
    if (start > end) throw leadInvalid([{ name: 'from', message: 'must be on or before to' }]);
    if (Date.parse(end) - Date.parse(start) > 366 * DAY) throw leadInvalid([{ name: 'from', message: 'the period is at most 366 days' }]);
    const counts = await this.leads.statusCounts(start, end, this.runtime.config.businessDate.timeZone);
    const byStatus = Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) as Record<(typeof LEAD_STATUSES)[number], number>;
    const bySource = Object.fromEntries(LEAD_SOURCES.map((s) => [s, 0])) as Record<(typeof LEAD_SOURCES)[number], number>;
    for (const c of counts) {
      byStatus[c.status] += c.count;
      bySource[c.source] += c.count;
    }
    return { from: start, to: end, total: counts.reduce((n, c) => n + c.count, 0), byStatus, bySource };
  }
}

export class ListLeadAgentsQuery {}

/** The active staff a lead may be assigned to, for the console's picker. */
@QueryHandler(ListLeadAgentsQuery)
export class ListLeadAgentsHandler implements IQueryHandler<ListLeadAgentsQuery> {
  constructor(private readonly staff: LeadStaff) {}
  async execute() {
    return (await this.staff.activeMembers()).map((m) => ({ id: m.id, name: m.name, email: m.email }));
  }
}
