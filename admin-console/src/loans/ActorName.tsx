import { useCanAccess, useGetIdentity, useGetOne } from 'react-admin';
import { shortId } from './labels';
import type { Actor, AdminLoan as Loan } from '@lending/web-common/api';

/** Who an actor is, in words: the borrower by name, staff by name when the users API lets us look them up. */
export function ActorName({ actor, loan }: { actor: Actor | null | undefined; loan: Pick<Loan, 'borrowerId' | 'borrower'> }) {
  const { identity } = useGetIdentity();
  const staff = actor?.role === 'staff' && actor.id !== null;
  const { canAccess } = useCanAccess({ action: 'show', resource: 'Users' });
  const isMe = staff && identity?.id === actor?.id;
  const { data: user } = useGetOne('Users', { id: actor?.id ?? '' }, { enabled: Boolean(staff && canAccess && !isMe), retry: false });
  if (!actor) return <span>system</span>;
  if (actor.role === 'borrower') return <span>{actor.id === loan.borrowerId && loan.borrower ? `${loan.borrower.name} (borrower)` : 'borrower'}</span>;
  if (isMe) return <span>you ({identity?.fullName})</span>;
  return <span>{user?.name ? `${user.name} (staff)` : `staff ${shortId(actor.id)}`}</span>;
}
