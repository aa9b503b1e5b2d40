import { Navigate, useParams } from 'react-router';
import { getLoan } from '../../../api/loans';
import { Loading } from '../../../components/Loading';
import { useAsync } from '../../../components/useAsync';
import { resumePath } from '../../../lending/steps';
import { ErrorView } from '../../../shell/ErrorView';

/** /User/newLoan/{type}/{id}: continue the application at the step its state needs. */
export default function Resume() {
  const { id = '' } = useParams();
  const loan = useAsync((signal) => getLoan(id, signal), [id]);
  if (loan.error) return <ErrorView status={loan.error.status} detail={loan.error.message} />;
  if (!loan.data) return <Loading />;
  return <Navigate to={resumePath(loan.data)} replace />;
}
