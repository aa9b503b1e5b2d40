import type { Actor, AdminLoan as Loan } from '@lending/web-common/api';
import { actorName } from './actors';
import { useActorNames } from './useActorNames';

/** Who an actor is, in words: the borrower or staff by name, a provider or a job by what it is. */
export function ActorName({ actor, loan }: { actor: Actor | null | undefined; loan: Pick<Loan, 'borrower'> }) {
  const names = useActorNames(loan, [actor]);
  return <span>{actorName(actor, names)}</span>;
}
