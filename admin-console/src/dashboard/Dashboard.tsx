import { Box } from '@mui/material';
import { Title } from 'react-admin';
import { useAccess } from '../permissions/useAccess';
import { ClassificationPanel } from './ClassificationPanel';
import { FunnelPanel } from './FunnelPanel';
import { GraphPanel } from './GraphPanel';
import { LeadStatusPanel } from './LeadStatusPanel';
import { LoanStatusPanel } from './LoanStatusPanel';

/** /Admin/Dashboard with the spec's panels graph, loanStatus and leadStatus. */
export function Dashboard() {
  const canSeeLoans = useAccess('list', 'loans');
  const canSeeCollections = useAccess('list', 'Collections');
  return (
    <Box sx={{ py: 2, display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, gap: 2, alignItems: 'start' }}>
      <Title title="Dashboard" />
      <Box sx={{ display: 'grid', gap: 2 }}>
        {canSeeLoans ? <GraphPanel /> : null}
        <LeadStatusPanel />
      </Box>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {canSeeLoans ? <LoanStatusPanel /> : null}
        {canSeeLoans ? <FunnelPanel /> : null}
        {canSeeCollections ? <ClassificationPanel /> : null}
      </Box>
    </Box>
  );
}
