import EmailIcon from '@mui/icons-material/Email';
import { lazy } from 'react';
import { withChunkRecovery } from '@lending/web-common/updates';

const EmailList = lazy(() => withChunkRecovery(import('./EmailList')).then((m) => ({ default: m.EmailList })));
const EmailShow = lazy(() => withChunkRecovery(import('./EmailShow')).then((m) => ({ default: m.EmailShow })));

/** /Admin/Emails and /Admin/Emails/{id} (react-admin's show path is /Emails/{id}/show: App.tsx maps the spec's). */
export default { list: EmailList, icon: EmailIcon };
export { EmailShow };
