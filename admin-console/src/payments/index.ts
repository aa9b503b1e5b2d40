import PaymentsIcon from '@mui/icons-material/Payments';
import { lazy } from 'react';
import { withChunkRecovery } from '@lending/web-common/updates';

const PaymentList = lazy(() => withChunkRecovery(import('./PaymentList')).then((m) => ({ default: m.PaymentList })));

export default { list: PaymentList, icon: PaymentsIcon };
