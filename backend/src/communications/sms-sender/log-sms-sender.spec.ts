import { describe, expect, it } from '@jest/globals';
import { LogSmsSender } from './log-sms-sender.js';

describe('log SMS sender', () => {
  it('prints and records each message instead of sending it', async () => {
    const lines: string[] = [];
    const sms = new LogSmsSender((l) => lines.push(l), { printSecrets: true });
    expect(await sms.send({ to: '+919876543210', body: 'Your code is 123456', sensitive: true })).toEqual({ status: 'logged' });
    expect(lines).toEqual(['SMS to +919876543210 (no SMS provider, not sent): "Your code is 123456"']);
    expect(sms.recent).toMatchObject([{ to: '+919876543210', body: 'Your code is 123456' }]);
  });

  it('in production never prints or keeps a sensitive body', async () => {
    const lines: string[] = [];
    const sms = new LogSmsSender((l) => lines.push(l), { printSecrets: false });
    await sms.send({ to: '+919876543210', body: 'Your code is 123456', sensitive: true });
    await sms.send({ to: '+919876543210', body: 'Your loan was disbursed' });
    expect(lines.join('\n')).not.toContain('123456');
    expect(sms.recent.map((m) => m.body)).toEqual(['[redacted]', 'Your loan was disbursed']);
  });
});
