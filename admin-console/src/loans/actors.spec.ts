import { describe, expect, it } from 'vitest';
import { actorName, isUserId, serviceName, staffUserIds, type ActorNames } from './actors';

const ROHAN = '3f2a91c0-1111-4a4a-8b8b-000000000001';
const names: ActorNames = {
  borrower: { id: 'b0000000-0000-4000-8000-000000000001', name: 'Asha Rao' },
  me: { id: 'c0000000-0000-4000-8000-000000000009', name: 'Priya Shah' },
  staff: new Map([[ROHAN, 'Rohan Mehta']]),
};

describe('actors in words', () => {
  it('given a provider or a job as actor, names what it is and never takes it for a user', () => {
    expect(isUserId('payment-provider:sandbox')).toBe(false);
    expect(serviceName('payment-provider:sandbox')).toBe('Payment provider (sandbox)');
    expect(serviceName('ivr-provider:exotel')).toBe('IVR provider (exotel)');
    expect(serviceName('system:close-of-business')).toBe('Close of business');
    expect(serviceName(ROHAN)).toBeNull();
    expect(actorName({ id: 'payment-provider:sandbox', role: 'staff' }, names)).toBe('Payment provider (sandbox)');
  });

  it('given users, names the borrower, the signed-in staff member and other staff; unknown staff stay unnamed', () => {
    expect(actorName({ id: names.borrower!.id, role: 'borrower' }, names)).toBe('Asha Rao (borrower)');
    expect(actorName({ id: 'b0000000-0000-4000-8000-000000000002', role: 'borrower' }, names)).toBe('Borrower');
    expect(actorName({ id: names.me!.id, role: 'staff' }, names)).toBe('you (Priya Shah)');
    expect(actorName({ id: ROHAN, role: 'staff' }, names)).toBe('Rohan Mehta');
    expect(actorName({ id: 'd0000000-0000-4000-8000-000000000003', role: 'staff' }, names)).toBe('a staff member');
    expect(actorName(null, names)).toBe('System');
  });

  it('looks up each user id once, and no service id', () => {
    expect(staffUserIds([ROHAN, 'payment-provider:sandbox', ROHAN, null, 'system:close-of-business'])).toEqual([ROHAN]);
  });
});
