import { Box } from '@mui/material';
import { Title } from 'react-admin';
import { useAccess } from '../permissions/useAccess';
import { ClassificationPanel } from './ClassificationPanel';
import { FunnelPanel } from './FunnelPanel';
import { GraphPanel } from './GraphPanel';
import { LeadStatusPanel } from './LeadStatusPanel';
import { LoanStatusPanel } from './LoanStatusPanel';
import { useRenderedAfterFirst } from './useRenderedAfterFirst';

/**
 * /Admin/Dashboard with the spec's panels graph, loanStatus and leadStatus. The loan status (the queue counts, which
 * the console opens on) is in the first render; the other panels, each with requests of its own, in the render right
 * after it (useRenderedAfterFirst), in the same places: the first render, which holds the whole layout, is about a
 * third smaller (issue 11: the console's first load).
 */
export function Dashboard() {
  const canSeeLoans = useAccess('list', 'loans');
  const canSeeCollections = useAccess('list', 'Collections');
  const rest = useRenderedAfterFirst();
  return (
    <Box sx={{ py: 2, display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, gap: 2, alignItems: 'start' }}>
      <Title title="Dashboard" />
      <Box sx={{ display: 'grid', gap: 2 }}>
        {rest && canSeeLoans ? <GraphPanel /> : null}
        {rest ? <LeadStatusPanel /> : null}
      </Box>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {canSeeLoans ? <LoanStatusPanel /> : null}
        {rest && canSeeLoans ? <FunnelPanel /> : null}
        {rest && canSeeCollections ? <ClassificationPanel /> : null}
      </Box>
    </Box>
  );
}
