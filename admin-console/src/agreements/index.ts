import DescriptionIcon from '@mui/icons-material/Description';
import { lazy } from 'react';
import { withChunkRecovery } from '@lending/web-common/updates';

const AgreementList = lazy(() => withChunkRecovery(import('./AgreementList')).then((m) => ({ default: m.AgreementList })));
const AgreementShow = lazy(() => withChunkRecovery(import('./AgreementShow')).then((m) => ({ default: m.AgreementShow })));

/** /Admin/LoanAgreements (the list) and /Admin/Agreement/{id} (one, by its loan's id; App.tsx routes the spec's path). */
export default { list: AgreementList, icon: DescriptionIcon };
export { AgreementShow };
