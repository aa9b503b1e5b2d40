import { describe, expect, it } from '@jest/globals';
import { judgePhoneCollision, type ListedPhone } from './phone-collision.js';

const collision: ListedPhone = { reason: 'collision', normalizedPhone: '+919123456780', resolvedAt: null };
const unreadable: ListedPhone = { reason: 'unreadable', normalizedPhone: null, resolvedAt: null };

describe('judgePhoneCollision', () => {
  describe('given an open collision', () => {
    it('when kept while another account still holds the number, then it is refused naming the number', () => {
      expect(judgePhoneCollision(collision, 'keep', 1)).toEqual({
        outcome: 'refused',
        kind: 'conflict',
        message: 'another account holds +919123456780 too: clear theirs first, then keep this one.',
      });
      expect(judgePhoneCollision(collision, 'keep', 2)).toMatchObject({
        outcome: 'refused',
        message: expect.stringMatching(/^2 other accounts hold/),
      });
    });

    it('when kept once no other account holds it, then the account gets the number in E.164', () => {
      expect(judgePhoneCollision(collision, 'keep', 0)).toEqual({ outcome: 'resolve', phone: '+919123456780', resolution: 'kept' });
    });

    it('when cleared, then the account has no phone', () => {
      expect(judgePhoneCollision(collision, 'clear', 3)).toEqual({ outcome: 'resolve', phone: null, resolution: 'cleared' });
    });
  });

  describe('given an unreadable phone', () => {
    it('when kept, then it is refused: there is no number to keep', () => {
      expect(judgePhoneCollision(unreadable, 'keep', 0)).toMatchObject({ outcome: 'refused', kind: 'invalid' });
    });

    it('when cleared, then the account has no phone', () => {
      expect(judgePhoneCollision(unreadable, 'clear', 0)).toEqual({ outcome: 'resolve', phone: null, resolution: 'cleared' });
    });
  });

  it('given a resolved row, when resolved again, then it is refused', () => {
    expect(judgePhoneCollision({ ...collision, resolvedAt: new Date('2026-12-01T10:00:00Z') }, 'clear', 0)).toMatchObject({
      outcome: 'refused',
      kind: 'conflict',
    });
  });
});
