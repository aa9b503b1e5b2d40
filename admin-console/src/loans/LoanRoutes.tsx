import { Route } from 'react-router-dom';
import { LoanList } from './LoanList';
import { LoanPage } from './LoanPage';
import { LOAN_DETAIL_PATHS, QUEUES } from './queues';

/** Every /Admin/Loan path of the spec, case-sensitive: the queues, then the loan page under each stage's detail path. */
export const loanRoutes = [
  ...QUEUES.map((queue) => <Route key={queue.path} path={`/Loan/${queue.path}`} caseSensitive element={<LoanList key={queue.path} queue={queue} />} />),
  ...LOAN_DETAIL_PATHS.map((path) => <Route key={path} path={`/Loan/${path}`} caseSensitive element={<LoanPage />} />),
];
