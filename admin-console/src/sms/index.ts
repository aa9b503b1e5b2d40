import SmsIcon from '@mui/icons-material/Sms';
import { lazy } from 'react';
import { withChunkRecovery } from '@lending/web-common/updates';

const SmsList = lazy(() => withChunkRecovery(import('./SmsList')).then((m) => ({ default: m.SmsList })));

/** /Admin/Sms: the SMS log (sms.view); the spec names no screen for it. */
export default { list: SmsList, icon: SmsIcon };
