import { tokenTail } from '../domain/push.js';
import type { OutgoingPush, PushOutcome, PushSender } from './push-sender.port.js';

export type RecordingPushSettings = { invalidTokenPrefix: string; failingTokenPrefix: string };

/**
 * Development adapter (no Firebase service account configured): records instead of sending. The push log keeps what
 * would have gone out; this prints one line (the token's tail only). Tokens starting with the configured prefixes
 * behave as FCM would for a dead registration (`unregistered`) or an outage (throws), so the removal and retry paths
 * can be exercised without Google.
 */
export class RecordingPushSender implements PushSender {
  constructor(
    private readonly print: (line: string) => void,
    private readonly settings: RecordingPushSettings,
  ) {}

  send(push: OutgoingPush): Promise<PushOutcome> {
    if (this.settings.invalidTokenPrefix && push.token.startsWith(this.settings.invalidTokenPrefix)) {
      return Promise.resolve({ status: 'unregistered', reason: 'messaging/registration-token-not-registered (development adapter)' });
    }
    if (this.settings.failingTokenPrefix && push.token.startsWith(this.settings.failingTokenPrefix)) {
      return Promise.reject(new Error('The push service is unavailable (development adapter: the token starts with the failing prefix).'));
    }
    this.print(`push (not sent: no FIREBASE_SERVICE_ACCOUNT) to ${tokenTail(push.token)}: ${push.title} | ${push.body}`);
    return Promise.resolve({ status: 'logged' });
  }
}
