import PeopleIcon from '@mui/icons-material/People';
import { lazy } from 'react';
import { withChunkRecovery } from '@lending/web-common/updates';

const CustomerList = lazy(() => withChunkRecovery(import('./CustomerList')).then((m) => ({ default: m.CustomerList })));
const CustomerShow = lazy(() => withChunkRecovery(import('./CustomerShow')).then((m) => ({ default: m.CustomerShow })));

/** /Admin/Customers and /Admin/Customers/{id} (customers.view; react-admin's show path would be /{id}/show: App.tsx maps the spec's). */
export default { list: CustomerList, icon: PeopleIcon, recordRepresentation: 'name' };
export { CustomerShow };
