import { useCanAccess } from 'react-admin';
import { knownAccess } from '../providers/authProvider';

/**
 * react-admin's useCanAccess for the first screen (menu, dashboard, app bar), answered from the staff member already
 * fetched when there is one (knownAccess: the same permissions and rules as the auth provider's canAccess, from the
 * same answer), so no query is run for it; react-admin's query only before that (or after the staff member is asked
 * again). With one query per check, the menu and the dashboard rendered empty and then again once per answer, and
 * each of the ~20 checks of the first screen started a fetch in the effects of its first render (issue 11).
 */
export function useAccess(action: string, resource: string): boolean | undefined {
  const known = knownAccess(action, resource);
  const { canAccess } = useCanAccess({ action, resource, enabled: known === undefined });
  return known ?? canAccess;
}
