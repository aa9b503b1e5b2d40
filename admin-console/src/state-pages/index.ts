import PlaceIcon from '@mui/icons-material/Place';
import { lazy } from 'react';
import { withChunkRecovery } from '@lending/web-common/updates';

const StatePageList = lazy(() => withChunkRecovery(import('./StatePageList')).then((m) => ({ default: m.StatePageList })));
const StatePageEdit = lazy(() => withChunkRecovery(import('./StatePageEdit')).then((m) => ({ default: m.StatePageEdit })));
const StatePageCreate = lazy(() => withChunkRecovery(import('./StatePageEdit')).then((m) => ({ default: m.StatePageCreate })));

/** /Admin/StatePages: the portal's landing pages per state and city (banners.manage). */
export default { list: StatePageList, edit: StatePageEdit, create: StatePageCreate, icon: PlaceIcon, recordRepresentation: 'title' };
