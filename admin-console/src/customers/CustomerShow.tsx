import { formatDateTime } from '@lending/web-common/format';
import type { AdminCustomer } from '@lending/web-common/api';
import { Alert, Box, Card, CardContent, CircularProgress, Link, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { LendingDataProvider } from '../providers/dataProvider';
import { Consents } from './Consents';
import { Loans } from './Loans';
import { Profile } from './Profile';
import { SECTION_LABELS } from './review';
import { formatPhone } from '@lending/web-common/phone';

function History({ customer }: { customer: AdminCustomer }) {
  if (customer.changes.length === 0) return <Typography color="text.secondary">Nothing saved or reviewed yet.</Typography>;
  return (
    <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
      {[...customer.changes].reverse().map((c, i) => (
        <li key={`${c.at}-${i}`}>
          <Typography variant="body2">
            {formatDateTime(c.at)}: {SECTION_LABELS[c.section as keyof typeof SECTION_LABELS] ?? c.section} {c.action} by{' '}
            {c.actor.name ?? c.actor.role} ({c.actor.role})
            {c.fromStatus && c.fromStatus !== c.toStatus ? `, ${c.fromStatus} → ${c.toStatus}` : ''}
            {c.reason ? `: “${c.reason}”` : ''}
          </Typography>
        </li>
      ))}
    </Box>
  );
}

/** /Admin/Customers/{id}: who the customer is, then the spec's Loans and Profile components, the review audit and the consents. */
export function CustomerShow() {
  const { id = '' } = useParams();
  const dataProvider = useDataProvider<LendingDataProvider>();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState(0);
  const { data: customer, error, isPending } = useQuery({ queryKey: ['customer', id], queryFn: () => dataProvider.customer(id) });
  const reload = () => queryClient.invalidateQueries({ queryKey: ['customer', id] });

  if (isPending) return <CircularProgress aria-label="Loading the customer" sx={{ m: 4 }} />;
  if (error || !customer)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {(error as Error | null)?.message ?? 'This customer could not be loaded.'}
      </Alert>
    );
  const attention = customer.sections.filter((s) => s.status === 'complete').length;
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
      <Title title={`Customer ${customer.name}`} />
      <Card>
        <CardContent>
          <Typography variant="h5" component="h1">
            {customer.name}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 3 }} sx={{ mt: 1 }}>
            <Typography variant="body2">Phone {formatPhone(customer.phone)}</Typography>
            <Typography variant="body2">
              Email {customer.email} ({customer.emailVerified ? 'verified' : 'not verified'})
            </Typography>
            <Typography variant="body2">
              {customer.loans.length} loan{customer.loans.length === 1 ? '' : 's'}, {attention} section{attention === 1 ? '' : 's'} awaiting
              review
            </Typography>
          </Stack>
          <Link component={RouterLink} to="/Customers" variant="body2">
            All customers
          </Link>
        </CardContent>
      </Card>
      <Card>
        <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} aria-label="Customer">
          <Tab label="Profile" id="customer-tab-0" aria-controls="customer-panel-0" />
          <Tab label={`Loans (${customer.loans.length})`} id="customer-tab-1" aria-controls="customer-panel-1" />
          <Tab label="History" id="customer-tab-2" aria-controls="customer-panel-2" />
          <Tab label="Consents" id="customer-tab-3" aria-controls="customer-panel-3" />
        </Tabs>
        <CardContent role="tabpanel" id={`customer-panel-${tab}`} aria-labelledby={`customer-tab-${tab}`}>
          {tab === 0 ? <Profile customer={customer} onChanged={reload} /> : null}
          {tab === 1 ? <Loans customer={customer} /> : null}
          {tab === 2 ? <History customer={customer} /> : null}
          {tab === 3 ? <Consents customerId={customer.id} /> : null}
        </CardContent>
      </Card>
    </Box>
  );
}
