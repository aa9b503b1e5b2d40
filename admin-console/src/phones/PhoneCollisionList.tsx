import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import type { PhoneCollision } from '@lending/web-common/api';
import { formatPhone } from '@lending/web-common/phone';
import { useState } from 'react';
import { Datagrid, List, SelectInput, TextField, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { DateField } from '../fields/DateField';
import type { LendingDataProvider } from '../providers/dataProvider';
import { useAccess } from '../permissions/useAccess';
import { PhoneField } from './PhoneField';

const filters = [
  <SelectInput
    key="status"
    source="status"
    alwaysOn
    choices={[
      { id: 'open', name: 'Open' },
      { id: 'resolved', name: 'Resolved' },
    ]}
  />,
  <SelectInput
    key="reason"
    source="reason"
    alwaysOn
    choices={[
      { id: 'collision', name: 'Same number as another account' },
      { id: 'unreadable', name: 'Not a phone number' },
    ]}
  />,
];

const RESOLUTION: Record<string, string> = { kept: 'Kept', cleared: 'Cleared', changed: 'Changed by the account' };

function AccountField(_props: { label?: string; sortBy?: string }) {
  const row = useRecordContext<PhoneCollision>();
  if (!row) return null;
  return (
    <span>
      {row.name}
      <br />
      <small style={{ color: '#595959' }}>{row.email}</small>
    </span>
  );
}

function ReasonField(_props: { label?: string }) {
  const row = useRecordContext<PhoneCollision>();
  if (!row) return null;
  return <span>{row.reason === 'collision' ? 'Same number' : 'Not a number'}</span>;
}

function OthersField(_props: { label?: string }) {
  const row = useRecordContext<PhoneCollision>();
  if (!row) return null;
  if (row.others.length === 0) return <span>—</span>;
  return (
    <Stack component="ul" sx={{ m: 0, pl: 2 }}>
      {row.others.map((o) => (
        <li key={o.userId}>
          {o.name} ({o.role}) · <span style={{ whiteSpace: 'nowrap' }}>{formatPhone(o.phone)}</span>
        </li>
      ))}
    </Stack>
  );
}

/** Keep (the account gets the number in E.164, once no other account holds it) or clear; the server decides and says why not. */
function ResolveButtons(_props: { label?: string }) {
  const row = useRecordContext<PhoneCollision>();
  const dataProvider = useDataProvider<LendingDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const canResolve = useAccess('resolve', 'PhoneCollisions');
  const [busy, setBusy] = useState(false);
  if (!row) return null;
  if (row.status === 'resolved') return <Chip size="small" variant="outlined" label={RESOLUTION[row.resolution ?? ''] ?? 'Resolved'} />;
  if (!canResolve) return null;
  const act = async (action: 'keep' | 'clear') => {
    setBusy(true);
    try {
      await dataProvider.resolvePhoneCollision(row.id, action);
      notify(action === 'keep' ? `${row.name} keeps ${formatPhone(row.normalizedPhone)}` : `${row.name}'s phone is cleared`, {
        type: 'success',
      });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={1}>
      {row.normalizedPhone ? (
        <Button
          size="small"
          variant="outlined"
          disabled={busy}
          onClick={() => act('keep')}
          aria-label={`Keep ${formatPhone(row.normalizedPhone)} for ${row.name}`}
        >
          Keep
        </Button>
      ) : null}
      <Button
        size="small"
        variant="outlined"
        color="warning"
        disabled={busy}
        onClick={() => act('clear')}
        aria-label={`Clear the phone of ${row.name}`}
      >
        Clear
      </Button>
    </Stack>
  );
}

function NothingToReview() {
  return (
    <Box sx={{ textAlign: 'center', py: 6 }}>
      <Typography variant="h6" component="p" color="text.secondary">
        No phones to review.
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Every stored phone is in one form: the migration found no two accounts with the same number.
      </Typography>
    </Box>
  );
}

/**
 * /Admin/PhoneCollisions (customers.phones): the phones migration 0037 could not put in one form (docs/operations.md
 * "Phones in one form"). Clear the accounts that should not have the number, then keep it for the one that should.
 */
export function PhoneCollisionList() {
  return (
    <List
      title="Phones to review"
      resource="PhoneCollisions"
      filters={filters}
      filterDefaultValues={{ status: 'open' }}
      sort={{ field: 'normalizedPhone', order: 'ASC' }}
      empty={<NothingToReview />}
      exporter={false}
    >
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>
        These accounts&apos; phones could not be put in one form. Clear the phone of each account that should not have the number (they sign
        in by email and prove a new one), then keep it for the one that should.
      </Typography>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <AccountField label="Account" sortBy="name" />
        <TextField source="storedPhone" label="Stored as" sortable={false} />
        <PhoneField source="normalizedPhone" label="Reads as" sortBy="normalizedPhone" />
        <ReasonField label="Why" />
        <OthersField label="Other accounts with it" />
        <DateField source="foundAt" label="Found" />
        <ResolveButtons label="Resolve" />
      </Datagrid>
    </List>
  );
}
