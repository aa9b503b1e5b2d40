import { describe, expect, it } from '@jest/globals';
import { ChannelInputRefused, WhatsappWindowClosed } from './channel.errors.js';
import { decideOutbound, type ApprovedTemplate } from './whatsapp-message.js';
import { whatsappWindow } from './whatsapp-window.js';

const at = (iso: string) => new Date(iso);
const reminder: ApprovedTemplate = {
  name: 'payment_reminder',
  body: 'Hello {{1}}, {{2}} is due on {{3}}.',
  parameters: ['name', 'amount', 'loanReference'],
  approved: true,
};

describe("WhatsApp's 24-hour window", () => {
  it('given the borrower never wrote, then it is closed with no closing time', () => {
    expect(whatsappWindow(null, at('2026-11-23T10:00:00Z'))).toEqual({ open: false, closesAt: null });
  });

  it('given the borrower wrote 23 h 59 min ago, then it is open until 24 hours after their message', () => {
    expect(whatsappWindow(at('2026-11-22T10:01:00Z'), at('2026-11-23T10:00:00Z'))).toEqual({
      open: true,
      closesAt: at('2026-11-23T10:01:00Z'),
    });
  });

  it('given exactly 24 hours have passed, then it is closed', () => {
    expect(whatsappWindow(at('2026-11-22T10:00:00Z'), at('2026-11-23T10:00:00Z'))).toEqual({
      open: false,
      closesAt: at('2026-11-23T10:00:00Z'),
    });
  });
});

describe('deciding an outbound message', () => {
  const open = whatsappWindow(at('2026-11-23T09:00:00Z'), at('2026-11-23T10:00:00Z'));
  const closed = whatsappWindow(at('2026-11-21T09:00:00Z'), at('2026-11-23T10:00:00Z'));

  it('when free text is sent inside the window, then it goes as written (trimmed)', () => {
    expect(decideOutbound({ text: '  We got your message. ' }, open)).toEqual({ body: 'We got your message.', templateName: null });
  });

  it('when free text is sent outside the window, then it is refused as window-closed', () => {
    expect(() => decideOutbound({ text: 'Hello' }, closed)).toThrow(WhatsappWindowClosed);
    expect(() => decideOutbound({ text: 'Hello' }, whatsappWindow(null, at('2026-11-23T10:00:00Z')))).toThrow(WhatsappWindowClosed);
  });

  it('when an approved template is sent outside the window, then it goes with its parameters in place', () => {
    expect(
      decideOutbound({ templateName: 'payment_reminder', template: reminder, parameters: ['Asha', '₹8,885.00', 'LN-1'] }, closed),
    ).toEqual({
      body: 'Hello Asha, ₹8,885.00 is due on LN-1.',
      templateName: 'payment_reminder',
    });
  });

  it('when the template is unknown or not approved, then it is refused naming templateName', () => {
    const refused = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return (error as ChannelInputRefused).fields;
      }
      throw new Error('not refused');
    };
    expect(refused(() => decideOutbound({ templateName: 'nope', template: undefined, parameters: [] }, closed))).toEqual([
      { name: 'templateName', message: 'nope is not an approved template' },
    ]);
    expect(
      refused(() =>
        decideOutbound({ templateName: 'payment_reminder', template: { ...reminder, approved: false }, parameters: ['a', 'b', 'c'] }, open),
      )[0]!.name,
    ).toBe('templateName');
  });

  it('when parameters are missing, empty or span lines, then each is named', () => {
    expect(() => decideOutbound({ templateName: 'payment_reminder', template: reminder, parameters: ['Asha'] }, closed)).toThrow(
      ChannelInputRefused,
    );
    try {
      decideOutbound({ templateName: 'payment_reminder', template: reminder, parameters: ['Asha', ' ', 'a\nb'] }, closed);
    } catch (error) {
      expect((error as ChannelInputRefused).fields.map((f) => f.name)).toEqual(['parameters.1', 'parameters.2']);
    }
  });

  it('when the text is empty, then it is refused whatever the window', () => {
    expect(() => decideOutbound({ text: '   ' }, open)).toThrow(ChannelInputRefused);
  });
});
