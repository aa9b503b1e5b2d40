import { useCanAccess } from 'react-admin';
import { knownAccess } from '../providers/authProvider';

/**
 * react-admin's useCanAccess for the first screen (menu, dashboard, app bar): while its query is pending, the answer
 * the auth provider would give from the staff member already fetched (knownAccess: the same permissions and rules).
 * With one query per check, the menu and the dashboard rendered empty and then again once per answer, each render
 * delaying the next (issue 11: the console's first load).
 */
export function useAccess(action: string, resource: string): boolean | undefined {
  const { canAccess } = useCanAccess({ action, resource });
  return canAccess ?? knownAccess(action, resource);
}
