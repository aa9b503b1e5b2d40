import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { CLOCK, type Clock } from '../../../platform/clock.js';
import { LoanCommandExecutor } from '../../loan/application/loan-command-executor.js';
import { MoneyCommands } from '../../loan/application/money-commands.js';
import { LoanNotFound } from '../../loan/domain/loan.errors.js';
import type { LoanRecord } from '../../loan/domain/loan.state.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { repaidSince, type CoolingOffExitRecord } from '../domain/cooling-off/cooling-off.decide.js';
import {
  coolingOffExitAmount,
  coolingOffTermsFor,
  coolingOffWindow,
  isWithinWindow,
  localDayOf,
  type CoolingOffExitAmount,
  type CoolingOffTerms,
} from '../domain/cooling-off/cooling-off.rules.js';
import { coolingOffSettings, loanKfs } from './loan-kfs.js';

/** What the borrower and staff see of a loan's cooling-off exit: the window, today's amount, and the exit asked for. */
export type CoolingOffView = {
  loanId: string;
  coolingOffDays: number;
  feeRetained: boolean;
  aprBasisPoints: number;
  disbursedOn: string | null;
  lastDay: string | null;
  /** ISO instant of the window's last second (23:59:59 IST on lastDay). */
  deadline: string | null;
  /** Whether an exit can be asked for now: the loan is active and the window open. */
  open: boolean;
  /** What an exit asked for now would cost; null when the window is not open. */
  quote: CoolingOffExitAmount | null;
  exit: (Omit<CoolingOffExitRecord, 'countFrom'> & { paidTowards: number; remaining: number }) | null;
};

/**
 * The KFS's cooling-off terms for the loan: the period and fee rule pinned on its agreement (the settings now for an
 * agreement issued before they were pinned), the APR of its KFS.
 */
export function coolingOffTermsOf(loan: LoanRecord, config: AppConfig): CoolingOffTerms {
  return coolingOffTermsFor(loan.agreement?.coolingOff, coolingOffSettings(config), loanKfs(loan, config).kfs.aprBasisPoints);
}

export function coolingOffView(loan: LoanRecord, config: AppConfig, now: string): CoolingOffView {
  const terms = coolingOffTermsOf(loan, config);
  const window = loan.disbursedOn ? coolingOffWindow(loan.disbursedOn, terms.days) : null;
  const open = loan.status === 'active' && window !== null && isWithinWindow(window, now) && loan.coolingOffExit === undefined;
  const quote =
    open && loan.servicing && loan.disbursedOn
      ? coolingOffExitAmount({
          principal: loan.servicing.terms.principal,
          fee: loan.fee,
          disbursedOn: loan.disbursedOn,
          exitOn: localDayOf(now) < loan.disbursedOn ? loan.disbursedOn : localDayOf(now),
          terms,
          alreadyPaid: repaidSince(loan.servicing.events, 0),
        })
      : null;
  const record = loan.coolingOffExit;
  let exit: CoolingOffView['exit'] = null;
  if (record) {
    const { countFrom, ...shown } = record;
    const paidTowards = loan.servicing ? repaidSince(loan.servicing.events, countFrom, record.lastDay) : 0;
    exit = { ...shown, paidTowards, remaining: Math.max(0, record.amount - paidTowards) };
  }
  return {
    loanId: loan.id,
    coolingOffDays: terms.days,
    feeRetained: terms.feeRetained,
    aprBasisPoints: terms.aprBasisPoints,
    disbursedOn: loan.disbursedOn ?? null,
    lastDay: window?.lastDay ?? null,
    deadline: window?.deadline ?? null,
    open,
    quote,
    exit,
  };
}

export class GetCoolingOffQuery {
  constructor(
    readonly loanId: string,
    readonly viewer: Actor,
  ) {}
}

/** The loan's cooling-off view (a borrower's own loans only: another's is 404; staff any). */
@QueryHandler(GetCoolingOffQuery)
export class GetCoolingOffHandler implements IQueryHandler<GetCoolingOffQuery> {
  constructor(
    private readonly executor: LoanCommandExecutor,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ loanId, viewer }: GetCoolingOffQuery): Promise<CoolingOffView> {
    const loan = (await this.executor.load(loanId, viewer)).state;
    if (loan.status === 'none') throw new LoanNotFound(loanId);
    return coolingOffView(loan, this.config, this.clock.now().toISOString());
  }
}

export class RequestCoolingOffExitCommand {
  constructor(
    readonly actor: Actor,
    readonly loanId: string,
    readonly idempotencyKey?: string,
  ) {}
}

/**
 * The borrower asks to exit (open at once: they pay through the usual payment flow), or staff ask for them (the
 * maker: a second person approves). The amount is fixed at the request from the KFS's terms.
 */
@CommandHandler(RequestCoolingOffExitCommand)
export class RequestCoolingOffExitHandler implements ICommandHandler<RequestCoolingOffExitCommand> {
  constructor(
    private readonly executor: LoanCommandExecutor,
    private readonly payments: MoneyCommands,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actor, loanId, idempotencyKey }: RequestCoolingOffExitCommand): Promise<CoolingOffView> {
    const exitId = MoneyCommands.newId(actor, idempotencyKey, `cooling-off:${loanId}`);
    const loaded = (await this.executor.load(loanId, actor)).state;
    if (loaded.status === 'none') throw new LoanNotFound(loanId);
    const terms = coolingOffTermsOf(loaded, this.config);
    await this.payments.execute((at) => ({ type: 'RequestCoolingOffExit', data: { loanId, at, actor, exitId, terms } }), actor);
    const after = (await this.executor.load(loanId, actor)).state as LoanRecord;
    return coolingOffView(after, this.config, this.clock.now().toISOString());
  }
}

export class ApproveCoolingOffExitCommand {
  constructor(
    readonly actor: Actor,
    readonly loanId: string,
  ) {}
}

/** A second member of staff approves the exit staff asked for (403 same-person for the maker). */
@CommandHandler(ApproveCoolingOffExitCommand)
export class ApproveCoolingOffExitHandler implements ICommandHandler<ApproveCoolingOffExitCommand> {
  constructor(
    private readonly executor: LoanCommandExecutor,
    private readonly payments: MoneyCommands,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actor, loanId }: ApproveCoolingOffExitCommand): Promise<CoolingOffView> {
    const loaded = (await this.executor.load(loanId, actor)).state;
    if (loaded.status === 'none') throw new LoanNotFound(loanId);
    const exitId = loaded.coolingOffExit?.exitId ?? 'none';
    await this.payments.execute((at) => ({ type: 'ApproveCoolingOffExit', data: { loanId, at, actor, exitId } }), actor);
    const after = (await this.executor.load(loanId, actor)).state as LoanRecord;
    return coolingOffView(after, this.config, this.clock.now().toISOString());
  }
}
