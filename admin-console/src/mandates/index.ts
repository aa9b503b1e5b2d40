import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { lazy } from 'react';
import { withChunkRecovery } from '@lending/web-common/updates';

const MandateList = lazy(() => withChunkRecovery(import('./MandateList')).then((m) => ({ default: m.MandateList })));
const PresentationList = lazy(() => withChunkRecovery(import('./PresentationList')).then((m) => ({ default: m.PresentationList })));
const BounceList = lazy(() => withChunkRecovery(import('./PresentationList')).then((m) => ({ default: m.BounceList })));

export const mandates = { list: MandateList, icon: AccountBalanceIcon };
export const mandatePresentations = { list: PresentationList, icon: EventRepeatIcon };
export const mandateBounces = { list: BounceList, icon: ReportProblemIcon };
