import { useMemo } from 'react';
import { useCanAccess, useGetIdentity, useGetMany } from 'react-admin';
import type { Actor, AdminLoan as Loan, StaffUser } from '@lending/web-common/api';
import { staffUserIds, type ActorNames } from './actors';

/**
 * Names for a loan's actors: the borrower from the loan, the signed-in staff member, and other staff users looked up
 * in one request (GET /api/admin/users?filter={"id":[…]}) when the staff member may list users. Service actors
 * (a provider, a job) are never asked for: they are not users.
 */
export function useActorNames(
  loan: Pick<Loan, 'borrower'>,
  actors: readonly (Actor | null | undefined)[],
  dataStaffIds: readonly string[] = [],
): ActorNames {
  const { identity } = useGetIdentity();
  const { canAccess } = useCanAccess({ action: 'list', resource: 'Users' });
  const ids = staffUserIds([...actors.map((a) => (a?.role === 'staff' && a.id !== identity?.id ? a.id : null)), ...dataStaffIds]);
  const { data } = useGetMany<StaffUser>('Users', { ids }, { enabled: Boolean(canAccess) && ids.length > 0, retry: false });
  return useMemo(
    () => ({
      borrower: loan.borrower ? { id: loan.borrower.id, name: loan.borrower.name } : null,
      me: identity ? { id: String(identity.id), name: identity.fullName ?? 'you' } : null,
      staff: new Map((data ?? []).map((u) => [u.id, u.name])),
    }),
    [loan.borrower, identity, data],
  );
}
