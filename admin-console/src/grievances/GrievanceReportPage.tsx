import { Alert, Box, Button, Card, CardContent, CircularProgress, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider } from 'react-admin';
import { saveBlob } from '@lending/web-common/download';
import { businessDateOf } from '@lending/web-common/format';
import type { LendingDataProvider } from '../providers/dataProvider';
import { API_URL, fetchBlob } from '../providers/http';

/** This month in the business time zone, as the server counts it (a UTC month was last month's after 18:30 UTC on its last day). */
const thisMonth = () => businessDateOf().slice(0, 7);

/**
 * /Admin/Grievances (grievances.view): the monthly grievance report the RBI's grievance redressal asks for, complaints
 * received, resolved, resolved within 30 days and escalated, and the same as CSV.
 */
export function GrievanceReportPage() {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const [month, setMonth] = useState(thisMonth);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const report = useQuery({ queryKey: ['grievance-report', month], queryFn: () => dataProvider.grievanceReport(month) });
  const download = async () => {
    setDownloadError(null);
    try {
      const { blob, filename } = await fetchBlob(`${API_URL}/admin/grievances/report.csv?month=${encodeURIComponent(month)}`);
      saveBlob(blob, filename ?? `grievances-${month}.csv`);
    } catch (e) {
      setDownloadError((e as Error).message);
    }
  };
  const rows: [string, number | undefined][] = [
    ['Complaints received', report.data?.received],
    ['Resolved', report.data?.resolved],
    [`Resolved within ${report.data?.slaDays ?? 30} days`, report.data?.resolvedWithinSla],
    ['Escalated (not resolved within 30 days)', report.data?.escalated],
  ];
  return (
    <Box sx={{ py: 2, maxWidth: 700 }} data-testid="grievance-report-page">
      <Title title="Grievance report" />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Grievance report
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <TextField
          label="Month"
          type="month"
          size="small"
          value={month}
          onChange={(e) => e.target.value && setMonth(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button variant="outlined" onClick={() => void download()}>
          Download CSV
        </Button>
      </Box>
      {downloadError ? <Alert severity="error">{downloadError}</Alert> : null}
      {report.isPending ? <CircularProgress aria-label="Loading the report" /> : null}
      {report.error ? <Alert severity="error">{(report.error as Error).message}</Alert> : null}
      {report.data ? (
        <Card variant="outlined">
          <CardContent>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto auto', gap: 1, m: 0 }}>
              {rows.map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Typography component="dt">{label}</Typography>
                  <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
          </CardContent>
        </Card>
      ) : null}
    </Box>
  );
}
