import type { RecordedEvent } from '../event-store/event-store.port.js';

/**
 * A durable, checkpointed reader of the global log. The handler's effect must be idempotent for a given
 * event position (it may see an event again after a crash between effect and checkpoint).
 */
export interface Subscription {
  readonly name: string;
  readonly eventTypes: readonly string[];
  /** The jobs it enqueues: a worker refuses to start if any of them has no processor in this build. */
  readonly produces?: readonly { queue: string; name: string }[];
  handle(events: RecordedEvent[]): Promise<void>;
}
