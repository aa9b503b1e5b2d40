import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { registerBorrower, loginStaff, startTestApp, type TestApp } from '../../support/test-app.js';
import { EVENT_STORE, type EventStore } from '../../../src/platform/event-store/event-store.port.js';
import { SubscriptionRunner } from '../../../src/platform/subscriptions/subscription-runner.js';
import {
  borrowerNotificationsSubscription,
  notifyBorrowerJob,
  NOTIFICATIONS_QUEUE,
} from '../../../src/lending/loan/jobs/borrower-notifications.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp('notifications');
});

afterAll(async () => {
  await t?.close();
});

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('borrower notifications: durable subscription -> BullMQ -> worker', () => {
  it('enqueues one job per event even when events are delivered twice, and the worker writes each message once', async () => {
    const borrower = await registerBorrower(t.http, 'Ravi Kumar');
    const staff = await loginStaff(t.http);
    const loan = await t.http
      .post('/api/me/loans')
      .set('Authorization', `Bearer ${borrower.token}`)
      .send({ type: 'EMI', amount: 5_000_000, tenureMonths: 6 })
      .expect(201);
    await t.http.post(`/api/me/loans/${loan.body.id}/submit`).set('Authorization', `Bearer ${borrower.token}`).expect(200);
    await t.http
      .post(`/api/admin/loans/${loan.body.id}/reject`)
      .set('Authorization', `Bearer ${staff}`)
      .send({ reason: 'Income could not be verified' })
      .expect(200);

    const queue = t.runtime.queue;
    const store = t.app.get<EventStore>(EVENT_STORE);
    const subscription = borrowerNotificationsSubscription(queue, async (ids) => new Map(ids.map((id) => [id, borrower.user._id])));
    const events = await store.readStream(`loan-${loan.body.id}`);
    const relevant = events.filter((e) => subscription.eventTypes.includes(e.type));
    expect(relevant.map((e) => e.type)).toEqual(['LoanApplicationSubmitted', 'LoanRejected']);

    // A crash between effect and checkpoint re-delivers: the derived job ids make the second delivery a no-op.
    await subscription.handle(relevant);
    await subscription.handle(relevant);
    const counts = await queue.queue(NOTIFICATIONS_QUEUE).getJobCounts('waiting', 'active', 'completed', 'delayed', 'failed');
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(2);

    const job = notifyBorrowerJob(t.runtime.db);
    queue.worker(NOTIFICATIONS_QUEUE, (j) => job.process(j));
    const messages = () => t.http.get('/api/me/notifications').set('Authorization', `Bearer ${borrower.token}`);
    await until(async () => (await messages()).body.length === 2, 'two notifications');
    await subscription.handle(relevant);
    await new Promise((r) => setTimeout(r, 300));
    const final = await messages().expect(200);
    expect(final.body.map((m: { eventType: string }) => m.eventType).sort()).toEqual(['LoanApplicationSubmitted', 'LoanRejected']);
    expect(final.body.find((m: { eventType: string }) => m.eventType === 'LoanRejected').message).toMatch(/cannot offer/);

    // The whole path, with the runner that the worker uses: a new event reaches the borrower.
    const runner = new SubscriptionRunner(t.runtime.db, store, t.database.url, [subscription]);
    await runner.catchUp();
    expect((await messages()).body).toHaveLength(2);
    const other = await registerBorrower(t.http, 'Meera Iyer');
    expect((await t.http.get('/api/me/notifications').set('Authorization', `Bearer ${other.token}`).expect(200)).body).toEqual([]);
  });
});
