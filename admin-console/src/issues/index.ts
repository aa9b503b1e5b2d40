import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { lazy } from 'react';
import { withChunkRecovery } from '@lending/web-common/updates';

const IssueList = lazy(() => withChunkRecovery(import('./IssueList')).then((m) => ({ default: m.IssueList })));
const IssueShow = lazy(() => withChunkRecovery(import('./IssueShow')).then((m) => ({ default: m.IssueShow })));

/** /Admin/Issues and /Admin/Issues/{id} (issues.manage): the issue page is the resource's edit route. */
export default {
  list: IssueList,
  edit: IssueShow,
  icon: SupportAgentIcon,
  recordRepresentation: (r: { number: number }) => `#${r.number}`,
};
