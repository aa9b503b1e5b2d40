import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { Actor } from '../../identity/public/index.js';
import { BUSINESS_DATE, type BusinessDate } from '../../platform/business-date/business-date.port.js';
import { CLOCK, type Clock } from '../../platform/clock.js';
import { DB, type Db } from '../../platform/database/database.js';
import { EVENT_STORE, type EventStore } from '../../platform/event-store/event-store.port.js';
import type { ListParams } from '../../platform/query/list-params.js';
import { countOf, direction, inRange, sortable } from '../../platform/query/list-query.js';
import { NotFound } from '../domain/accounting.errors.js';
import {
  decideManualEntry,
  evolveManualEntry,
  manualEntryStream,
  type ChartLookup,
  type ManualEntryCommand,
  type ManualEntryDraft,
  type ManualEntryEvent,
  type ManualEntryState,
  type ManualLine,
} from '../domain/manual-entry.js';
import {
  decidePeriods,
  evolvePeriods,
  NO_PERIODS,
  PERIODS_STREAM,
  type PeriodCommand,
  type PeriodEvent,
  type PeriodsState,
} from '../domain/periods.js';

export type ManualEntryView = {
  id: string;
  date: string;
  narration: string;
  lines: ManualLine[];
  amount: number;
  status: 'proposed' | 'approved' | 'rejected';
  proposedBy: string;
  proposedAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
  reason: string | null;
};

export type PeriodCloseView = {
  id: string;
  through: string;
  status: 'requested' | 'closed' | 'rejected';
  requestedBy: string;
  requestedAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
  reason: string | null;
};

export const MANUAL_ENTRY_SORT = sortable({ date: 'entry_date', proposedAt: 'proposed_at', amount: 'amount', status: 'status', id: 'id' });
export const PERIOD_CLOSE_SORT = sortable({ through: 'through', requestedAt: 'requested_at', status: 'status', id: 'id' });

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * Manual journal entries and period closes (issue 31 items 3 and 4): load the stream, decide (the pure deciders of
 * domain/), append at the version seen. An entry's rules read the chart and the periods as they stand; the approved
 * entry and the close are posted by the accounting projection from the log, so a replay posts the same.
 */
@Injectable()
export class BooksCommands {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(DB) private readonly db: Db,
    @Inject(BUSINESS_DATE) private readonly businessDate: BusinessDate,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async proposeEntry(actor: Actor, draft: ManualEntryDraft): Promise<ManualEntryView> {
    const entryId = randomUUID();
    await this.onEntry(actor, entryId, { type: 'Propose', entryId, draft, by: actor.id, at: this.now() });
    return this.entry(entryId);
  }

  async approveEntry(actor: Actor, entryId: string): Promise<ManualEntryView> {
    await this.onEntry(actor, entryId, { type: 'Approve', entryId, by: actor.id, at: this.now() });
    return this.entry(entryId);
  }

  async rejectEntry(actor: Actor, entryId: string, reason: string): Promise<ManualEntryView> {
    await this.onEntry(actor, entryId, { type: 'Reject', entryId, reason, by: actor.id, at: this.now() });
    return this.entry(entryId);
  }

  async requestClose(actor: Actor, month: string): Promise<PeriodCloseView> {
    const requestId = randomUUID();
    const businessDate = await this.businessDate.today();
    await this.onPeriods(actor, { type: 'RequestClose', requestId, month, by: actor.id, at: this.now(), businessDate });
    return this.close(requestId);
  }

  async approveClose(actor: Actor, requestId: string): Promise<PeriodCloseView> {
    await this.onPeriods(actor, { type: 'ApproveClose', requestId, by: actor.id, at: this.now() });
    return this.close(requestId);
  }

  async rejectClose(actor: Actor, requestId: string, reason: string): Promise<PeriodCloseView> {
    await this.onPeriods(actor, { type: 'RejectClose', requestId, reason, by: actor.id, at: this.now() });
    return this.close(requestId);
  }

  /** The periods as the log has them: the last closed date and the request waiting for approval. */
  async periods(): Promise<PeriodsState> {
    return (await this.loadPeriods()).state;
  }

  async entry(id: string): Promise<ManualEntryView> {
    const row = await this.db.selectFrom('manual_journal_entries').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new NotFound(`manual entry ${id}`);
    return entryView(row);
  }

  async entries(status: string | undefined, sort: ListParams['sort'], range: ListParams['range']) {
    let query = this.db.selectFrom('manual_journal_entries');
    if (status !== undefined) query = query.where('status', '=', status as ManualEntryView['status']);
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy(MANUAL_ENTRY_SORT.orderBy(sort)).orderBy('id', direction(sort)).$call(inRange(range)).execute(),
      countOf(this.db, query),
    ]);
    return { rows: rows.map(entryView), total };
  }

  async close(id: string): Promise<PeriodCloseView> {
    const row = await this.db.selectFrom('accounting_period_closes').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new NotFound(`close request ${id}`);
    return closeView(row);
  }

  async closes(sort: ListParams['sort'], range: ListParams['range']) {
    const query = this.db.selectFrom('accounting_period_closes');
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy(PERIOD_CLOSE_SORT.orderBy(sort)).orderBy('id', direction(sort)).$call(inRange(range)).execute(),
      countOf(this.db, query),
    ]);
    return { rows: rows.map(closeView), total };
  }

  private now(): string {
    return this.clock.now().toISOString();
  }

  private async onEntry(actor: Actor, entryId: string, command: ManualEntryCommand): Promise<void> {
    const streamId = manualEntryStream(entryId);
    const events = command.type === 'Propose' ? [] : await this.store.readStream(streamId);
    const state = events
      .map((e) => ({ type: e.type, data: e.data }) as ManualEntryEvent)
      .reduce(evolveManualEntry, { status: 'none' } as ManualEntryState);
    const [chart, periods] = await Promise.all([this.chart(), this.loadPeriods()]);
    const decided = decideManualEntry(state, command, chart, periods.state.closedThrough);
    await this.store.append(streamId, 'accounting-journal', decided, {
      expectedVersion: events.length,
      metadata: { actor, commandType: command.type },
    });
  }

  private async onPeriods(actor: Actor, command: PeriodCommand): Promise<void> {
    const { state, version } = await this.loadPeriods();
    const decided = decidePeriods(state, command);
    await this.store.append(PERIODS_STREAM, 'accounting-periods', decided, {
      expectedVersion: version,
      metadata: { actor, commandType: command.type },
    });
  }

  private async loadPeriods(): Promise<{ state: PeriodsState; version: number }> {
    const events = await this.store.readStream(PERIODS_STREAM);
    return {
      state: events.map((e) => ({ type: e.type, data: e.data }) as PeriodEvent).reduce(evolvePeriods, NO_PERIODS),
      version: events.length,
    };
  }

  /** The chart as the rules read it: whether each account is active, and whether it is a heading (has accounts under it). */
  private async chart(): Promise<ChartLookup> {
    const rows = await this.db
      .selectFrom('accounts')
      .select([
        'code',
        'active',
        sql<boolean>`EXISTS (SELECT 1 FROM accounts AS child WHERE child.parent_code = accounts.code)`.as('heading'),
      ])
      .execute();
    return new Map(rows.map((r) => [r.code, { active: r.active, heading: r.heading }]));
  }
}

type EntryRow = {
  id: string;
  entry_date: string;
  narration: string;
  lines: ManualLine[];
  amount: string;
  status: ManualEntryView['status'];
  proposed_by: string;
  proposed_at: Date;
  decided_by: string | null;
  decided_at: Date | null;
  reason: string | null;
};

function entryView(row: EntryRow): ManualEntryView {
  return {
    id: row.id,
    date: row.entry_date,
    narration: row.narration,
    lines: row.lines,
    amount: Number(row.amount),
    status: row.status,
    proposedBy: row.proposed_by,
    proposedAt: iso(row.proposed_at)!,
    decidedBy: row.decided_by,
    decidedAt: iso(row.decided_at),
    reason: row.reason,
  };
}

type CloseRow = {
  id: string;
  through: string;
  status: PeriodCloseView['status'];
  requested_by: string;
  requested_at: Date;
  decided_by: string | null;
  decided_at: Date | null;
  reason: string | null;
};

function closeView(row: CloseRow): PeriodCloseView {
  return {
    id: row.id,
    through: row.through,
    status: row.status,
    requestedBy: row.requested_by,
    requestedAt: iso(row.requested_at)!,
    decidedBy: row.decided_by,
    decidedAt: iso(row.decided_at),
    reason: row.reason,
  };
}
