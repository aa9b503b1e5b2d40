import type { CloseBusinessDay } from '../../collections/domain/close-of-business.decide.js';
import type { CollectionWorkCommand } from '../../collections/domain/collection-work.js';
import type { RecordCollectionReminder } from '../../collections/domain/reminder-outcomes.js';
import type { MandateCommand } from '../../mandates/domain/mandate.commands.js';
import type { PipelineCommand } from '../../pipeline/domain/pipeline.commands.js';
import type { MoneyCommand } from '../../servicing/domain/payment.commands.js';
import type { SettlementCommand } from '../../settlement/domain/settlement.commands.js';
import type { CoolingOffCommand } from '../../pipeline/domain/cooling-off/cooling-off.commands.js';

/** Every command on a loan: the union of each slice's commands. */
export type LoanCommand =
  | PipelineCommand
  | MoneyCommand
  | CloseBusinessDay
  | CollectionWorkCommand
  | RecordCollectionReminder
  | SettlementCommand
  | MandateCommand
  | CoolingOffCommand;

export type LoanCommandType = LoanCommand['type'];
