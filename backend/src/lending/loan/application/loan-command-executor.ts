import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { ConcurrencyError, IdempotencyKeyReused } from '../../../platform/event-store/event-store.errors.js';
import {
  EVENT_STORE,
  type AppendBatchTimings,
  type EventStore,
  type RecordedEvent,
  type StreamAppend,
} from '../../../platform/event-store/event-store.port.js';
import type { LoanCommand } from '../domain/loan.commands.js';
import { decide } from '../domain/loan.decide.js';
import { LoanNotFound } from '../domain/loan.errors.js';
import type { LoanEvent } from '../domain/loan.events.js';
import { evolve, replay, type LoanRecord, type LoanState } from '../domain/loan.state.js';
import type { Actor } from '../domain/loan.types.js';
import { loanSummaryUpsert, submittedAtAfter } from '../projections/loan-summary.projection.js';
import { LOAN_STATE_COLUMNS, loanStateOf, type StoredLoanState } from '../projections/loan-state-row.js';
import type { ProductParameters } from '../domain/terms/product-parameters.js';
import { borrowerLoanView, type BorrowerLoanView } from './queries/borrower-loan.view.js';
import { loanView, type LoanView } from './queries/loan.view.js';
import { LoanProducts } from './loan-products.port.js';
import { RecentLoans } from './recent-loans.js';
import { annotateRequestLog, currentCorrelationId } from '../../../platform/observability/request-context.js';

export const loanStream = (loanId: string) => `loan-${loanId}`;

/** A loan as its stream stands; `submittedAt` is what the loan_summaries row needs beside the state. */
export type LoadedLoan = { state: LoanState; version: number; lastPosition: number; submittedAt: string | null };

/** The loan_summaries columns a loan is loaded from (loadedLoanOf). */
export const LOADED_LOAN_COLUMNS = ['id', 'last_position', ...LOAN_STATE_COLUMNS, 'submitted_at'] as const;

/** A loan as its loan_summaries row stands (the state folded at its version), read with LOADED_LOAN_COLUMNS. */
export function loadedLoanOf(row: StoredLoanState & { last_position: string | number; submitted_at: Date | string | null }): LoadedLoan {
  return {
    state: loanStateOf(row),
    version: row.version,
    lastPosition: Number(row.last_position),
    submittedAt: row.submitted_at ? new Date(row.submitted_at).toISOString() : null,
  };
}

/** A loan with no events yet: where a StartLoanApplication begins. */
export const NEW_LOAN: LoadedLoan = { state: { status: 'none' }, version: 0, lastPosition: 0, submittedAt: null };

/** A command's answer: the loan as the actor may see it (a borrower gets the borrower view), plus what was appended. */
export type LoanCommandResult = (LoanView | BorrowerLoanView) & { position: number; events: string[] };

/** A stored loan event as the domain knows it. */
export const toLoanEvent = (e: RecordedEvent) => ({ type: e.type, data: e.data }) as LoanEvent;

const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([, v]) => v !== undefined)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, v]) => [k, canonical(v)]),
        )
      : value;

/**
 * What the client asked for, as it asked it: not the command built from it, whose clock, minted ids and defaults
 * (today's date, a freshly rendered document) differ between honest repeats.
 */
export function requestFingerprint(commandType: string, request: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical({ commandType, request })))
    .digest('hex');
}

/** Loans whose state a process keeps after appending to them (RecentLoans): a few kB each. */
export const RECENT_LOANS_CAPACITY = 10_000;

/** A command of a batch (executeBatch), with the loan as its writer read it. */
export type BatchedCommand = { command: LoanCommand; loaded: LoadedLoan };

/** What became of a batched command: the types of the events appended ([] when there was nothing to do), or why not. */
export type BatchedOutcome = { events: string[] } | { error: unknown };

/** A batched command's decision: its events, which executeBatch's `beforeAppend` may add to (in place) before they are appended. */
export type Decision = { index: number; events: LoanEvent[] };

/**
 * Called by executeBatch between deciding and appending, with the commands that decided events (by their index in the
 * batch): the writer acts on the decisions (e.g. sends them to a provider) and may append more events to each
 * (e.g. the provider's acceptance), so that one append per loan records both. A throw fails the whole batch, nothing appended.
 */
export type BeforeAppend = (decisions: Decision[]) => Promise<void>;

/** Where a batch spent its time: deciding (and building its rows), then the store's statements and projections. */
export type BatchTimings = AppendBatchTimings & { decideSeconds: number };

type ExecuteOptions = { idempotencyKey?: string; loaded?: LoadedLoan; request?: unknown; params?: ProductParameters };

/**
 * Load the stream, decide, append with the version seen: the whole of command handling for loans. Borrowers
 * reach only their own loans (anyone else's is "not found", so ids cannot be probed); an idempotency key makes a
 * repeat return the first answer and append nothing. A loan this process appended to recently is not read again:
 * the command is decided on the state its last append left (RecentLoans) and appended at that version; only an append
 * decided that way and accepted stands. If it is refused because the stream moved on, or if that state refuses the
 * command or finds nothing to do, the command is decided again on the stream as read.
 */
@Injectable()
export class LoanCommandExecutor {
  private readonly recent = new RecentLoans<LoadedLoan>(RECENT_LOANS_CAPACITY);

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly catalog: LoanProducts,
  ) {}

  async load(loanId: string, actor?: Actor): Promise<LoadedLoan> {
    const events = await this.store.readStream(loanStream(loanId));
    const loaded = {
      state: replay(events.map(toLoanEvent)),
      version: events.length,
      lastPosition: events.at(-1)?.position ?? 0,
      submittedAt: submittedAtAfter(null, events),
    };
    return visibleTo(loaded, loanId, actor);
  }

  /** Whether this process keeps the loan's state from its last append to it (RecentLoans). */
  keeps(loanId: string): boolean {
    return this.recent.has(loanId);
  }

  /**
   * The loan as this process's last append to it left it (RecentLoans), for a batch writer that appends to it again
   * (executeBatch checks the version: a stale one is that command's ConcurrencyError); undefined when not kept.
   */
  kept(loanId: string): LoadedLoan | undefined {
    return this.recent.get(loanId);
  }

  /** `params`: the product version a start is made under; any other command is decided under the version the loan pinned. */
  async execute(command: LoanCommand, options: ExecuteOptions = {}): Promise<LoanCommandResult> {
    const { loanId, actor } = command.data;
    const kept = options.loaded ? undefined : this.recent.get(loanId);
    if (!kept) return this.decideAndAppend(command, options, false);
    try {
      return await this.decideAndAppend(command, { ...options, loaded: visibleTo(kept, loanId, actor) }, true);
    } catch (error) {
      if (!(error instanceof StaleLoan)) throw error;
      this.recent.forget(loanId);
      return this.decideAndAppend(command, options, false);
    }
  }

  /** `kept`: `options.loaded` is the state this process's last append left; any doubt about it throws StaleLoan. */
  private async decideAndAppend(command: LoanCommand, options: ExecuteOptions, kept: boolean): Promise<LoanCommandResult> {
    const { loanId, actor } = command.data;
    // The request's log line names the command and the loan (ids only), whether it is applied, repeated or refused.
    annotateRequestLog({ command: command.type, loanId });
    const key = options.idempotencyKey ? `${actor.id}:${options.idempotencyKey}` : undefined;
    const isStart = command.type === 'StartLoanApplication';
    // Only a keyed command is ever compared with an earlier one: no hashing for the others.
    const fingerprint = key ? requestFingerprint(command.type, options.request ?? {}) : undefined;
    const repeat = await this.repeatOf(key, loanId, command.type, fingerprint);
    if (repeat) return repeat;

    const loaded = options.loaded ?? (await this.load(loanId, actor));
    if (!isStart && loaded.state.status === 'none') throw new LoanNotFound(loanId);
    if (isStart && !options.params) throw new Error('A loan is started under a product version: pass its parameters');
    const params = options.params ?? (await this.catalog.parametersOf(loaded.state as LoanRecord));
    let events: LoanEvent[];
    try {
      events = decide(command, loaded.state, params);
    } catch (error) {
      // A refusal is answered from the stream as it stands, not from a state it may have moved on from.
      if (kept) throw new StaleLoan();
      throw error;
    }
    if (events.length === 0) {
      if (kept) throw new StaleLoan();
      return this.answer(loaded.state as LoanRecord, actor, loaded.lastPosition, []);
    }

    const next = events.reduce(evolve, loaded.state) as LoanRecord;
    // One id per accepted command; the client's idempotency key, when given, correlates its retries; else the
    // request's id (X-Request-Id), so that the events and the jobs they cause are found by the request's log line.
    const commandId = randomUUID();
    // The answer and the loan_summaries row are known before the append (all but the position, which the store
    // records beside them), so both go in the append's own statement.
    const { position: _unknownYet, ...result } = this.answer(
      next,
      actor,
      0,
      events.map((e) => e.type),
    );
    const summary = loanSummaryUpsert(next, loaded.version + events.length, submittedAtAfter(loaded.submittedAt, events), events);
    try {
      const appended = await this.store.append(loanStream(loanId), 'loan', events, {
        expectedVersion: loaded.version,
        idempotencyKey: key,
        commandType: command.type,
        requestFingerprint: fingerprint,
        metadata: {
          actor,
          commandType: command.type,
          commandId,
          correlationId: options.idempotencyKey ?? currentCorrelationId() ?? commandId,
        },
        result,
        projectedRows: summary ? [summary] : [],
      });
      // The state as a reader of the stream would fold it: from the events as recorded (their data JSON round-tripped).
      this.recent.set(loanId, {
        state: appended.events.map(toLoanEvent).reduce(evolve, loaded.state),
        version: appended.nextExpectedVersion,
        lastPosition: appended.lastPosition,
        submittedAt: submittedAtAfter(loaded.submittedAt, appended.events),
      });
      return { ...result, position: appended.lastPosition } as LoanCommandResult;
    } catch (error) {
      // A concurrent repeat of the same keyed command won the race: answer as it did.
      if (error instanceof ConcurrencyError && key) {
        const winner = await this.repeatOf(key, loanId, command.type, fingerprint);
        if (winner) return winner;
      }
      if (error instanceof ConcurrencyError && kept) throw new StaleLoan();
      throw error;
    }
  }

  /**
   * Commands on distinct loans, each already loaded by its writer (a system run such as close of business, no
   * idempotency key, no answer to render): each decided on its own by the domain's decide, then every append in one
   * appendBatch (one transaction), each at the version its loan was read at. An append refused because its stream
   * moved on is that command's ConcurrencyError, for the writer to decide again from the stream; the others stand.
   * `beforeAppend`, when given, sees the decisions between deciding and appending and may add events to them
   * (or take all away: that command then appends nothing). `keep: false`: the states appended are not kept for this
   * process's next command (a night's run over loans no one is working on would otherwise push the loans staff are
   * working on out of RecentLoans, and keep tens of thousands of states alive for the garbage collector to walk);
   * one kept from before is forgotten, being stale.
   */
  async executeBatch(
    commands: readonly BatchedCommand[],
    timings?: BatchTimings,
    { beforeAppend, keep = true }: { beforeAppend?: BeforeAppend; keep?: boolean } = {},
  ): Promise<BatchedOutcome[]> {
    let decideStarted = performance.now();
    const outcomes: BatchedOutcome[] = new Array(commands.length);
    const decisions: Decision[] = [];
    for (const [index, { command, loaded }] of commands.entries()) {
      try {
        if (loaded.state.status === 'none') throw new LoanNotFound(command.data.loanId);
        const events = decide(command, loaded.state, await this.catalog.parametersOf(loaded.state));
        if (events.length === 0) outcomes[index] = { events: [] };
        else decisions.push({ index, events });
      } catch (error) {
        outcomes[index] = { error };
      }
    }
    if (beforeAppend && decisions.length > 0) {
      if (timings) timings.decideSeconds += (performance.now() - decideStarted) / 1000;
      await beforeAppend(decisions);
      decideStarted = performance.now();
    }
    const appends: StreamAppend[] = [];
    const appended: { index: number; loaded: LoadedLoan }[] = [];
    for (const { index, events } of decisions) {
      if (events.length === 0) {
        outcomes[index] = { events: [] };
        continue;
      }
      const { command, loaded } = commands[index]!;
      const { loanId, actor } = command.data;
      try {
        const next = events.reduce(evolve, loaded.state) as LoanRecord;
        const commandId = randomUUID();
        const summary = loanSummaryUpsert(next, loaded.version + events.length, submittedAtAfter(loaded.submittedAt, events), events);
        appends.push({
          streamId: loanStream(loanId),
          streamType: 'loan',
          events,
          options: {
            expectedVersion: loaded.version,
            commandType: command.type,
            metadata: { actor, commandType: command.type, commandId, correlationId: currentCorrelationId() ?? commandId },
            projectedRows: summary ? [summary] : [],
          },
        });
        appended.push({ index, loaded });
      } catch (error) {
        outcomes[index] = { error };
      }
    }
    if (timings) timings.decideSeconds += (performance.now() - decideStarted) / 1000;
    const results = await this.store.appendBatch(appends, timings);
    results.forEach((result, i) => {
      const { index, loaded } = appended[i]!;
      const loanId = (commands[index]!.command.data as { loanId: string }).loanId;
      if (result instanceof ConcurrencyError) {
        outcomes[index] = { error: result };
        return;
      }
      outcomes[index] = { events: result.events.map((e) => e.type) };
      if (!keep) {
        this.recent.forget(loanId);
        return;
      }
      // As execute does: the state a reader of the stream would fold, kept for this process's next command on the loan.
      this.recent.set(loanId, {
        state: result.events.map(toLoanEvent).reduce(evolve, loaded.state),
        version: result.nextExpectedVersion,
        lastPosition: result.lastPosition,
        submittedAt: submittedAtAfter(loaded.submittedAt, result.events),
      });
    });
    return outcomes;
  }

  /** The stored answer of an earlier command with this key, for handlers that do work before deciding. */
  previousAnswer(
    actor: Actor,
    idempotencyKey: string | undefined,
    loanId: string,
    commandType: LoanCommand['type'],
    request: unknown,
  ): Promise<LoanCommandResult | undefined> {
    return this.repeatOf(
      idempotencyKey ? `${actor.id}:${idempotencyKey}` : undefined,
      loanId,
      commandType,
      requestFingerprint(commandType, request),
    );
  }

  /** A repeat is the same command on the same loan; a start mints a new loan id per request, so only its type must match. */
  private async repeatOf(
    key: string | undefined,
    loanId: string,
    commandType: LoanCommand['type'],
    fingerprint: string | undefined,
  ): Promise<LoanCommandResult | undefined> {
    if (!key) return undefined;
    const stored = await this.store.findCommandResult(key);
    if (!stored) return undefined;
    const sameStream = commandType === 'StartLoanApplication' || stored.streamId === loanStream(loanId);
    const sameRequest = stored.requestFingerprint === fingerprint;
    if (!sameStream || stored.commandType !== commandType || !sameRequest) throw new IdempotencyKeyReused(key.slice(key.indexOf(':') + 1));
    // Results stored before migration 0011 carry their position inside.
    return (stored.lastPosition === undefined ? stored.result : { ...stored.result, position: stored.lastPosition }) as LoanCommandResult;
  }

  private answer(state: LoanRecord, actor: Actor, position: number, events: string[]): LoanCommandResult {
    const currency = this.config.product.currency;
    // Onto the view just built: a spread of its 35 keys and two more would cost more than building it (loan.view.ts).
    return Object.assign(actor.role === 'borrower' ? borrowerLoanView(state, currency) : loanView(state, currency), { position, events });
  }
}

/** Borrowers reach only their own loans: anyone else's is "not found", so ids cannot be probed. */
function visibleTo(loaded: LoadedLoan, loanId: string, actor?: Actor): LoadedLoan {
  if (actor?.role === 'borrower' && loaded.state.status !== 'none' && loaded.state.borrowerId !== actor.id) throw new LoanNotFound(loanId);
  return loaded;
}

/** The kept state of a loan could not decide the command alone: decide it again on the stream as read. */
class StaleLoan extends Error {}
