import AssuredWorkloadIcon from '@mui/icons-material/AssuredWorkload';
import { lazy } from 'react';
import { withChunkRecovery } from '@lending/web-common/updates';

const BureauRunList = lazy(() => withChunkRecovery(import('./BureauRunList')).then((m) => ({ default: m.BureauRunList })));
const BureauRunShow = lazy(() => withChunkRecovery(import('./BureauRunShow')).then((m) => ({ default: m.BureauRunShow })));

/** /Admin/BureauRuns: credit bureau reporting (issue 33 item 7). */
export default { list: BureauRunList, show: BureauRunShow, icon: AssuredWorkloadIcon };
