import CategoryIcon from '@mui/icons-material/Category';
import { lazy } from 'react';
import { withChunkRecovery } from '@lending/web-common/updates';

const ProductList = lazy(() => withChunkRecovery(import('./ProductList')).then((m) => ({ default: m.ProductList })));
const ProductEdit = lazy(() => withChunkRecovery(import('./ProductEdit')).then((m) => ({ default: m.ProductEdit })));
const ProductCreate = lazy(() => withChunkRecovery(import('./ProductCreate')).then((m) => ({ default: m.ProductCreate })));

export default { list: ProductList, edit: ProductEdit, create: ProductCreate, icon: CategoryIcon, recordRepresentation: 'name' };
