import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { OnApplicationShutdown } from '@nestjs/common';
import { cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getMessaging } from 'firebase-admin/messaging';
import { fcmErrorMeaning } from './fcm-errors.js';
import type { OutgoingPush, PushOutcome, PushSender } from './push-sender.port.js';

export type FirebasePushSettings = { projectId: string; serviceAccount: string };

/** The service account: its JSON itself, or the path of its JSON file. */
function credentialOf(serviceAccount: string) {
  const json = serviceAccount.startsWith('{') ? serviceAccount : readFileSync(serviceAccount, 'utf8');
  return cert(JSON.parse(json) as Record<string, string>);
}

/** Adapter: sends through Firebase Cloud Messaging with firebase-admin (a web push with a click-through link). */
export class FirebasePushSender implements PushSender, OnApplicationShutdown {
  private app?: App;

  constructor(private readonly settings: FirebasePushSettings) {}

  async send(push: OutgoingPush): Promise<PushOutcome> {
    this.app ??= initializeApp(
      { projectId: this.settings.projectId, credential: credentialOf(this.settings.serviceAccount) },
      `lending-push-${randomUUID()}`,
    );
    try {
      const messageId = await getMessaging(this.app).send({
        token: push.token,
        notification: { title: push.title, body: push.body },
        webpush: push.link ? { fcmOptions: { link: push.link } } : undefined,
      });
      return { status: 'sent', messageId };
    } catch (error) {
      // Only FCM's dead-token codes remove the registration; a refused payload fails this push and keeps the token.
      const code = (error as { code?: string }).code;
      switch (fcmErrorMeaning(code)) {
        case 'dead-token':
          return { status: 'unregistered', reason: String(code) };
        case 'rejected':
          return { status: 'rejected', reason: `${String(code)}: ${(error as Error).message}` };
        case 'retry':
          throw error;
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.app) await deleteApp(this.app).catch(() => undefined);
  }
}
