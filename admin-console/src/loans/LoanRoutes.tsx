import { lazy } from 'react';
import { withChunkRecovery } from '@lending/web-common/updates';
import { Route } from 'react-router-dom';
import { LOAN_DETAIL_PATHS, QUEUES } from './queues';

const LoanList = lazy(() => withChunkRecovery(import('./LoanList')).then((m) => ({ default: m.LoanList })));
const LoanPage = lazy(() => withChunkRecovery(import('./LoanPage')).then((m) => ({ default: m.LoanPage })));

/** Every /Admin/Loan path of the spec, case-sensitive: the queues, then the loan page under each stage's detail path. */
export const loanRoutes = [
  ...QUEUES.map((queue) => (
    <Route key={queue.path} path={`/Loan/${queue.path}`} caseSensitive element={<LoanList key={queue.path} queue={queue} />} />
  )),
  ...LOAN_DETAIL_PATHS.map((path) => <Route key={path} path={`/Loan/${path}`} caseSensitive element={<LoanPage />} />),
];
