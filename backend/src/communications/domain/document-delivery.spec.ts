import { describe, expect, it } from '@jest/globals';
import { resendRefusal, type DeliveryFacts } from './document-delivery.js';

const sms: DeliveryFacts = { channel: 'sms', status: 'failed', emailId: null, lastError: 'gateway down' };
const email: DeliveryFacts = { channel: 'email', status: 'failed', emailId: '7b0b7c3e-0000-4000-8000-000000000001', lastError: 'SMTP 451' };

describe('sending a document delivery again', () => {
  it('given a failed SMS, when staff send it again, then it may be', () => {
    expect(resendRefusal(sms)).toBeNull();
  });

  it('given a failed email, when staff send it again, then it may be', () => {
    expect(resendRefusal(email)).toBeNull();
  });

  it('given a sent delivery, then it is refused: only a failed one can be sent again', () => {
    expect(resendRefusal({ ...sms, status: 'sent' })).toBe('It was sent: only a failed delivery can be sent again.');
  });

  it('given a delivery still queued, then it is refused: it is still being sent', () => {
    expect(resendRefusal({ ...email, status: 'queued' })).toBe(
      'It is still being sent (or retried): only a failed delivery can be sent again.',
    );
  });

  it('given a skipped delivery, then it is refused with why it was skipped', () => {
    expect(resendRefusal({ ...sms, status: 'skipped', lastError: 'Not sent: the borrower has no phone on their profile.' })).toBe(
      'It was skipped, so there is nothing to send again. Not sent: the borrower has no phone on their profile.',
    );
  });

  it('given a failed email whose documents could not be prepared, then it is refused with the reason', () => {
    expect(resendRefusal({ ...email, emailId: null, lastError: 'the stored PDF is gone' })).toBe(
      'The documents could not be prepared, so there is nothing to send again: the stored PDF is gone',
    );
  });
});
