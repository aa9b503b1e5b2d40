import { COLLECTION_EVENT_TYPES, type CollectionEvent } from '../../collections/domain/collection.events.js';
import { COLLECTION_WORK_EVENT_TYPES, type CollectionWorkEvent } from '../../collections/domain/collection-work.events.js';
import { REMINDER_EVENT_TYPES, type ReminderEvent } from '../../collections/domain/reminder.events.js';
import { MANDATE_EVENT_TYPES, type MandateEvent } from '../../mandates/domain/mandate.events.js';
import { PIPELINE_EVENT_TYPES, type PipelineEvent } from '../../pipeline/domain/pipeline.events.js';
import { MONEY_EVENT_TYPES, type MoneyEvent } from '../../servicing/domain/payment.events.js';
import { SETTLEMENT_EVENT_TYPES, type SettlementEvent } from '../../settlement/domain/settlement.events.js';
import { COOLING_OFF_EVENT_TYPES, type CoolingOffEvent } from '../../pipeline/domain/cooling-off/cooling-off.events.js';

/**
 * Every event of a loan's stream: the union of each slice's events (pipeline, servicing's money events, collections,
 * collection work, reminders, settlement). Published event names and fields are a contract with projections and the
 * stored log: never rename or repurpose one; add a new version and an upcaster instead.
 */
export type LoanEvent =
  PipelineEvent | MoneyEvent | CollectionEvent | CollectionWorkEvent | ReminderEvent | SettlementEvent | MandateEvent | CoolingOffEvent;

export type LoanEventType = LoanEvent['type'];

export const LOAN_EVENT_TYPES = [
  ...PIPELINE_EVENT_TYPES,
  ...MONEY_EVENT_TYPES,
  ...COLLECTION_EVENT_TYPES,
  ...COLLECTION_WORK_EVENT_TYPES,
  ...REMINDER_EVENT_TYPES,
  ...SETTLEMENT_EVENT_TYPES,
  ...MANDATE_EVENT_TYPES,
  ...COOLING_OFF_EVENT_TYPES,
] as readonly LoanEventType[];
