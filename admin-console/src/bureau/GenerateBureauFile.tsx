import { Alert, Box, Button, LinearProgress, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useRedirect } from 'react-admin';
import { useBusinessDate } from '../business-date/useBusinessDate';
import type { LendingDataProvider } from '../providers/dataProvider';
import { lastEndedMonth } from './bureau';

/**
 * "Generate for month": a month picker (the month before the business date by default: the latest that has ended) and
 * the button; a progress bar while the server writes and checks the file, then the new run's page. The server's
 * reason is shown when it refuses (a month not yet ended).
 */
export function GenerateBureauFile() {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const redirect = useRedirect();
  const { data: businessDate } = useBusinessDate();
  const [chosen, setChosen] = useState<string | null>(null);
  const month = chosen ?? (businessDate ? lastEndedMonth(businessDate.date) : '');
  const generate = useMutation({
    mutationFn: () => dataProvider.generateBureauFile(month),
    onSuccess: async (run) => {
      await queryClient.invalidateQueries({ queryKey: ['BureauRuns'] });
      notify(`The ${run.month} file holds ${run.recordsReported} records; ${run.recordsRejected} left out to fix`, { type: 'success' });
      redirect('show', 'BureauRuns', run.id);
    },
  });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 320 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <TextField
          label="Month"
          type="month"
          size="small"
          value={month}
          onChange={(e) => setChosen(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: businessDate ? lastEndedMonth(businessDate.date) : undefined } }}
        />
        <Button variant="contained" disabled={!month || generate.isPending} onClick={() => generate.mutate()}>
          Generate for month
        </Button>
      </Box>
      {generate.isPending ? <LinearProgress aria-label="Generating the bureau file" /> : null}
      {generate.error ? <Alert severity="error">{(generate.error as Error).message}</Alert> : null}
    </Box>
  );
}
