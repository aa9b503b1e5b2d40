import { withChunkRecovery } from '@lending/web-common/updates';
import { lazyPage } from '../layout/lazy-page';

/**
 * /Admin/Dashboard, in a chunk of its own. The entry chunk (main.tsx) preloads it when the console opens on the
 * dashboard, beside react-admin's chunks; App.tsx routes to it.
 */
export const DashboardPage = lazyPage(() => withChunkRecovery(import('./Dashboard')).then((m) => m.Dashboard));
