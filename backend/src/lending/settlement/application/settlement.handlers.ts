import { Inject } from '@nestjs/common';
import { CommandHandler, Query, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DB, type Db } from '../../../platform/database/database.js';
import { LoanNotFound } from '../../loan/domain/loan.errors.js';
import type { LoanRecord } from '../../loan/domain/loan.state.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { SettlementOfferNotFound } from '../domain/settlement.errors.js';
import type { SettlementState } from '../domain/settlement.state.js';
import { LoanCommandExecutor } from '../../loan/application/loan-command-executor.js';
import { PaymentCommands } from '../../servicing/application/payment-commands.js';
import { settlementOfferView, writeOffView, type SettlementOfferView, type WriteOffView } from './settlement.view.js';

export type SettlementOfferInput = { amount: number; validUntil: string; reason: string };

export class OfferSettlementCommand {
  constructor(
    readonly actor: Actor,
    readonly loanId: string,
    readonly input: SettlementOfferInput,
    readonly idempotencyKey?: string,
  ) {}
}

export class ApproveSettlementOfferCommand {
  constructor(
    readonly actor: Actor,
    readonly offerId: string,
  ) {}
}

export class RejectSettlementOfferCommand {
  constructor(
    readonly actor: Actor,
    readonly offerId: string,
    readonly reason: string,
  ) {}
}

export class WithdrawSettlementOfferCommand {
  constructor(
    readonly actor: Actor,
    readonly offerId: string,
  ) {}
}

export class RejectWriteOffCommand {
  constructor(
    readonly actor: Actor,
    readonly loanId: string,
    readonly reason: string,
  ) {}
}

export class WithdrawWriteOffCommand {
  constructor(
    readonly actor: Actor,
    readonly loanId: string,
  ) {}
}

export class RequestWriteOffCommand {
  constructor(
    readonly actor: Actor,
    readonly loanId: string,
    readonly reason: string,
    readonly idempotencyKey?: string,
  ) {}
}

export class ApproveWriteOffCommand {
  constructor(
    readonly actor: Actor,
    readonly loanId: string,
  ) {}
}

export class ListSettlementOffersQuery extends Query<SettlementOfferView[]> {
  constructor(readonly loanId: string) {
    super();
  }
}

export class GetWriteOffQuery extends Query<WriteOffView> {
  constructor(readonly loanId: string) {
    super();
  }
}

async function offerView(db: Db, payments: PaymentCommands, offerId: string, loanId?: string): Promise<SettlementOfferView> {
  const row = await db.selectFrom('settlement_offers').selectAll().where('id', '=', offerId).executeTakeFirst();
  if (!row || (loanId !== undefined && row.loan_id !== loanId)) throw new SettlementOfferNotFound(loanId ?? row?.loan_id ?? '', offerId);
  return settlementOfferView(row, await payments.today());
}

async function loanWriteOff(db: Db, loanId: string): Promise<WriteOffView> {
  const row = await db.selectFrom('loan_summaries').select(['state', 'loan_state']).where('id', '=', loanId).executeTakeFirst();
  if (!row) throw new LoanNotFound(loanId);
  return writeOffView(loanId, row.state, (row.loan_state as { settlement?: SettlementState }).settlement?.writeOff);
}

/** Staff offer to close the loan for an amount paid by a date (the maker): SettlementOffered, pending approval. */
@CommandHandler(OfferSettlementCommand)
export class OfferSettlementHandler implements ICommandHandler<OfferSettlementCommand> {
  constructor(
    private readonly payments: PaymentCommands,
    private readonly executor: LoanCommandExecutor,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ actor, loanId, input, idempotencyKey }: OfferSettlementCommand) {
    const offerId = PaymentCommands.newId(actor, idempotencyKey, `settlement:${loanId}`);
    const known = idempotencyKey ? ((await this.executor.load(loanId)).state as LoanRecord).settlement?.offers.some((o) => o.offerId === offerId) : false;
    if (!known) {
      const businessDate = await this.payments.today();
      await this.payments.execute((at) => ({ type: 'OfferSettlement', data: { loanId, at, actor, offerId, businessDate, ...input } }), actor);
    }
    return offerView(this.db, this.payments, offerId, loanId);
  }
}

/** A second person approves the offer (the checker): payments from now on count towards its amount. */
@CommandHandler(ApproveSettlementOfferCommand)
export class ApproveSettlementOfferHandler implements ICommandHandler<ApproveSettlementOfferCommand> {
  constructor(
    private readonly payments: PaymentCommands,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ actor, offerId }: ApproveSettlementOfferCommand) {
    const row = await this.db.selectFrom('settlement_offers').select('loan_id').where('id', '=', offerId).executeTakeFirst();
    if (!row) throw new SettlementOfferNotFound('', offerId);
    const loanId = row.loan_id;
    const businessDate = await this.payments.today();
    await this.payments.execute((at) => ({ type: 'ApproveSettlementOffer', data: { loanId, at, actor, offerId, businessDate } }), actor);
    return offerView(this.db, this.payments, offerId);
  }
}

/** The loan an offer belongs to, by the offer's id alone (404 when there is no such offer). */
async function loanOfOffer(db: Db, offerId: string): Promise<string> {
  const row = await db.selectFrom('settlement_offers').select('loan_id').where('id', '=', offerId).executeTakeFirst();
  if (!row) throw new SettlementOfferNotFound('', offerId);
  return row.loan_id;
}

/** A second person turns a pending offer down, with a reason (the checker): SettlementOfferRejected. */
@CommandHandler(RejectSettlementOfferCommand)
export class RejectSettlementOfferHandler implements ICommandHandler<RejectSettlementOfferCommand> {
  constructor(
    private readonly executor: LoanCommandExecutor,
    private readonly payments: PaymentCommands,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ actor, offerId, reason }: RejectSettlementOfferCommand) {
    const loanId = await loanOfOffer(this.db, offerId);
    await this.executor.execute({ type: 'RejectSettlementOffer', data: { loanId, at: new Date().toISOString(), actor, offerId, reason } });
    return offerView(this.db, this.payments, offerId);
  }
}

/** The maker takes back their own pending offer: SettlementOfferWithdrawn. */
@CommandHandler(WithdrawSettlementOfferCommand)
export class WithdrawSettlementOfferHandler implements ICommandHandler<WithdrawSettlementOfferCommand> {
  constructor(
    private readonly executor: LoanCommandExecutor,
    private readonly payments: PaymentCommands,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ actor, offerId }: WithdrawSettlementOfferCommand) {
    const loanId = await loanOfOffer(this.db, offerId);
    await this.executor.execute({ type: 'WithdrawSettlementOffer', data: { loanId, at: new Date().toISOString(), actor, offerId } });
    return offerView(this.db, this.payments, offerId);
  }
}

/** A second person turns the write-off down, with a reason (the checker): WriteOffRejected; the loan stays active. */
@CommandHandler(RejectWriteOffCommand)
export class RejectWriteOffHandler implements ICommandHandler<RejectWriteOffCommand> {
  constructor(
    private readonly executor: LoanCommandExecutor,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ actor, loanId, reason }: RejectWriteOffCommand) {
    await this.executor.execute({ type: 'RejectWriteOff', data: { loanId, at: new Date().toISOString(), actor, reason } });
    return loanWriteOff(this.db, loanId);
  }
}

/** The one who asked takes the write-off request back while it waits (the maker): WriteOffWithdrawn; the loan stays active. */
@CommandHandler(WithdrawWriteOffCommand)
export class WithdrawWriteOffHandler implements ICommandHandler<WithdrawWriteOffCommand> {
  constructor(
    private readonly executor: LoanCommandExecutor,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ actor, loanId }: WithdrawWriteOffCommand) {
    await this.executor.execute({ type: 'WithdrawWriteOff', data: { loanId, at: new Date().toISOString(), actor } });
    return loanWriteOff(this.db, loanId);
  }
}

/** Staff ask for the loan to be written off (the maker). A repeat with the same Idempotency-Key records nothing new. */
@CommandHandler(RequestWriteOffCommand)
export class RequestWriteOffHandler implements ICommandHandler<RequestWriteOffCommand> {
  constructor(
    private readonly executor: LoanCommandExecutor,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ actor, loanId, reason, idempotencyKey }: RequestWriteOffCommand) {
    const command = { type: 'RequestWriteOff' as const, data: { loanId, at: new Date().toISOString(), actor, reason } };
    await this.executor.execute(command, { idempotencyKey, request: { reason } });
    return loanWriteOff(this.db, loanId);
  }
}

/** A second person approves the write-off (the checker): WriteOffApproved and LoanWrittenOff on the business date. */
@CommandHandler(ApproveWriteOffCommand)
export class ApproveWriteOffHandler implements ICommandHandler<ApproveWriteOffCommand> {
  constructor(
    private readonly payments: PaymentCommands,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ actor, loanId }: ApproveWriteOffCommand) {
    const businessDate = await this.payments.today();
    await this.payments.execute((at) => ({ type: 'ApproveWriteOff', data: { loanId, at, actor, businessDate } }), actor);
    return loanWriteOff(this.db, loanId);
  }
}

/** A loan's settlement offers, oldest first (from settlement_offers). */
@QueryHandler(ListSettlementOffersQuery)
export class ListSettlementOffersHandler implements IQueryHandler<ListSettlementOffersQuery> {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly payments: PaymentCommands,
  ) {}

  async execute({ loanId }: ListSettlementOffersQuery): Promise<SettlementOfferView[]> {
    const loan = await this.db.selectFrom('loan_summaries').select('id').where('id', '=', loanId).executeTakeFirst();
    if (!loan) throw new LoanNotFound(loanId);
    const rows = await this.db.selectFrom('settlement_offers').selectAll().where('loan_id', '=', loanId).orderBy('offered_at').orderBy('id').execute();
    const today = await this.payments.today();
    return rows.map((row) => settlementOfferView(row, today));
  }
}

/** A loan's write-off: none, requested (waiting for a second person) or approved, with what was written off. */
@QueryHandler(GetWriteOffQuery)
export class GetWriteOffHandler implements IQueryHandler<GetWriteOffQuery> {
  constructor(@Inject(DB) private readonly db: Db) {}

  execute({ loanId }: GetWriteOffQuery): Promise<WriteOffView> {
    return loanWriteOff(this.db, loanId);
  }
}
