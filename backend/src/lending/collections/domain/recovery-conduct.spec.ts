import { describe, expect, it } from '@jest/globals';
import { collectionContactWindow, contactCap, heldUntil, isCollectionContact, mayContactAboutDebt } from './recovery-conduct.js';
import { contactWindowDelay } from './reminders.js';

describe('one contact window for every collection channel: 08:00 up to 19:00 in the borrower’s time zone', () => {
  it.each(['call', 'ivr', 'whatsapp', 'sms', 'email', 'push'] as const)(
    'given channel %s at 08:00 and 18:59, then it is open',
    (channel) => {
      expect(collectionContactWindow({ date: '2026-12-02', time: '08:00' }, channel)).toEqual({ open: true });
      expect(collectionContactWindow({ date: '2026-12-02', time: '18:59' }, channel)).toEqual({ open: true });
    },
  );

  it('given 19:00 exactly, then WhatsApp is closed until 08:00 the next day, with the reason', () => {
    const decision = collectionContactWindow({ date: '2026-12-31', time: '19:00' }, 'whatsapp');
    expect(decision).toMatchObject({ open: false, opensAt: { date: '2027-01-01', time: '08:00' } });
    expect(decision.open === false && decision.reason).toBe(
      "WhatsApp messages to borrowers about a loan are allowed from 08:00 to 19:00 only (it is 19:00 in the borrower's time zone); the window opens at 08:00 on 2027-01-01.",
    );
  });

  it('given 07:59, then the IVR is closed until 08:00 the same day', () => {
    expect(collectionContactWindow({ date: '2026-12-02', time: '07:59' }, 'ivr')).toMatchObject({
      open: false,
      opensAt: { date: '2026-12-02', time: '08:00' },
    });
  });
});

describe('automated reminders are held until the window opens, with the reason', () => {
  it('given a reminder due at 07:30, when it is queued, then it goes out at 08:00 the same day', () => {
    expect(heldUntil({ date: '2026-12-02', time: '07:30' }, 'sms')).toEqual({
      sendAt: { date: '2026-12-02', time: '08:00' },
      reason:
        "Held until 08:00 on 2026-12-02: collection contact only between 08:00 and 19:00 in the borrower's time zone (it was due at 07:30).",
    });
  });

  it('given a reminder due at 19:00 exactly, then it goes out at 08:00 the next day', () => {
    expect(heldUntil({ date: '2026-12-02', time: '19:00' }, 'email')?.sendAt).toEqual({ date: '2026-12-03', time: '08:00' });
  });

  it('given a reminder due at 18:59, then it is not held', () => {
    expect(heldUntil({ date: '2026-12-02', time: '18:59' }, 'email')).toBeNull();
  });

  it('given 07:30 IST (02:00 UTC), when the queue delay is worked out, then the job waits 30 minutes, to 08:00 IST', () => {
    const now = new Date('2026-12-02T02:00:00Z');
    expect(contactWindowDelay(now, 'Asia/Kolkata')).toEqual({ sendAt: new Date('2026-12-02T02:30:00Z'), delayMs: 30 * 60_000, held: true });
  });
});

describe('the daily cap on collection contacts', () => {
  it('given 2 contacts today and a cap of 3, then one more is allowed', () => {
    expect(contactCap(2, 3)).toEqual({ allowed: true, left: 1 });
  });

  it('given 3 contacts today and a cap of 3, then the next is refused with the reason', () => {
    const decision = contactCap(3, 3);
    expect(decision).toMatchObject({ allowed: false });
    expect(decision.allowed === false && decision.reason).toMatch(/contacted 3 times today.*at most 3 collection contacts a day/);
  });
});

describe('references are never contacted about a debt', () => {
  const references = ['+91 98450 11111', '9845022222'];

  it("given the borrower's own phone, then it may be contacted", () => {
    expect(mayContactAboutDebt('+919845000000', '98450 00000', references)).toEqual({ allowed: true });
  });

  it("given a reference's phone written another way, then it is refused with the reason", () => {
    const decision = mayContactAboutDebt('+919845011111', '+919845000000', references);
    expect(decision).toMatchObject({ allowed: false });
    expect(decision.allowed === false && decision.reason).toMatch(/references are never contacted about a debt/);
  });

  it('given a phone that is both the borrower’s and a reference’s, then it is the borrower’s and allowed', () => {
    expect(mayContactAboutDebt('9845022222', '+919845022222', references)).toEqual({ allowed: true });
  });
});

describe('what counts as contact for collection', () => {
  it('given a WhatsApp message about a loan 1 day past due, then it is collection contact', () => {
    expect(isCollectionContact('whatsapp', 1)).toBe(true);
  });

  it('given a WhatsApp message about a loan with nothing overdue, then it is not (a document, an instalment to come)', () => {
    expect(isCollectionContact('whatsapp', 0)).toBe(false);
  });

  it.each(['call', 'ivr', 'sms', 'email', 'push'] as const)(
    'given channel %s about a loan with nothing overdue, then it still is',
    (channel) => {
      expect(isCollectionContact(channel, 0)).toBe(true);
    },
  );
});
