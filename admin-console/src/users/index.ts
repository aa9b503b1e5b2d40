import GroupIcon from '@mui/icons-material/Group';
import { UserCreate } from './UserCreate';
import { UserEdit } from './UserEdit';
import { UserList } from './UserList';

export default { list: UserList, edit: UserEdit, create: UserCreate, icon: GroupIcon, recordRepresentation: 'name' };
