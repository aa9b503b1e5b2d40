import GroupIcon from '@mui/icons-material/Group';
import { lazy } from 'react';

const UserList = lazy(() => import('./UserList').then((m) => ({ default: m.UserList })));
const UserEdit = lazy(() => import('./UserEdit').then((m) => ({ default: m.UserEdit })));
const UserCreate = lazy(() => import('./UserCreate').then((m) => ({ default: m.UserCreate })));

export default { list: UserList, edit: UserEdit, create: UserCreate, icon: GroupIcon, recordRepresentation: 'name' };
