import GroupIcon from '@mui/icons-material/Group';
import { lazy } from 'react';
import { withChunkRecovery } from '@lending/web-common/updates';

const UserList = lazy(() => withChunkRecovery(import('./UserList')).then((m) => ({ default: m.UserList })));
const UserEdit = lazy(() => withChunkRecovery(import('./UserEdit')).then((m) => ({ default: m.UserEdit })));
const UserCreate = lazy(() => withChunkRecovery(import('./UserCreate')).then((m) => ({ default: m.UserCreate })));

export default { list: UserList, edit: UserEdit, create: UserCreate, icon: GroupIcon, recordRepresentation: 'name' };
