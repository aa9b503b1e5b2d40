import PhonelinkEraseIcon from '@mui/icons-material/PhonelinkErase';
import { lazy } from 'react';
import { withChunkRecovery } from '@lending/web-common/updates';

const PhoneCollisionList = lazy(() => withChunkRecovery(import('./PhoneCollisionList')).then((m) => ({ default: m.PhoneCollisionList })));

/** /Admin/PhoneCollisions: phones to review after migration 0037 (customers.phones). */
export default { list: PhoneCollisionList, icon: PhonelinkEraseIcon };
