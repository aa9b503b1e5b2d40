import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { lazy } from 'react';
import { withChunkRecovery } from '@lending/web-common/updates';

const EmailTemplateList = lazy(() => withChunkRecovery(import('./EmailTemplateList')).then((m) => ({ default: m.EmailTemplateList })));
export const EmailTemplateCreate = lazy(() =>
  withChunkRecovery(import('./EmailTemplateCreate')).then((m) => ({ default: m.EmailTemplateCreate })),
);
export const EmailTemplateEdit = lazy(() =>
  withChunkRecovery(import('./EmailTemplateEdit')).then((m) => ({ default: m.EmailTemplateEdit })),
);

/** The spec's paths: /EmailTemplates, /EmailTemplates/Add, /EmailTemplates/update/{id} (routes in App.tsx). */
export default { list: EmailTemplateList, icon: MailOutlineIcon, recordRepresentation: 'name' };
