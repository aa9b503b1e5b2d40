import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { lazy } from 'react';
import { withChunkRecovery } from '@lending/web-common/updates';

const ErasureRequestList = lazy(() => withChunkRecovery(import('./ErasureRequestList')).then((m) => ({ default: m.ErasureRequestList })));
const ErasureRequestShow = lazy(() => withChunkRecovery(import('./ErasureRequestShow')).then((m) => ({ default: m.ErasureRequestShow })));

/** /Admin/ErasureRequests and /Admin/ErasureRequests/{id}/show (customers.erasure): borrowers' requests to erase their data. */
export default { list: ErasureRequestList, show: ErasureRequestShow, icon: PersonRemoveIcon };
