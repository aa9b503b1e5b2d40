import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import { lazy } from 'react';
import { withChunkRecovery } from '@lending/web-common/updates';

const BannerList = lazy(() => withChunkRecovery(import('./BannerList')).then((m) => ({ default: m.BannerList })));
const BannerEdit = lazy(() => withChunkRecovery(import('./BannerEdit')).then((m) => ({ default: m.BannerEdit })));
const BannerCreate = lazy(() => withChunkRecovery(import('./BannerCreate')).then((m) => ({ default: m.BannerCreate })));

export default { list: BannerList, edit: BannerEdit, create: BannerCreate, icon: ViewCarouselIcon, recordRepresentation: 'title' };
