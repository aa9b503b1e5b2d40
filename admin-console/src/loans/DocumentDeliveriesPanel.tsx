import { useState } from 'react';
import { Alert, Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCanAccess, useDataProvider, useNotify } from 'react-admin';
import { formatDateTime } from '@lending/web-common/format';
import type { DocumentDelivery } from '@lending/web-common/api';
import type { LendingDataProvider } from '../providers/dataProvider';

const DOCUMENT_NAMES: Record<DocumentDelivery['documents'][number], string> = { agreement: 'signed agreement', kfs: 'KFS' };
const STATUS_LABELS: Record<DocumentDelivery['status'], string> = {
  queued: 'Queued (retrying)',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Not sent',
};

/**
 * Documents sent on signing (issue 33): for each signing, the email with the signed agreement and the KFS and the SMS
 * with the download link, with status and attempts; the reason when one was not sent or the last error; "Send again"
 * on a failed one.
 */
export function DocumentDeliveriesPanel({ loanId, signedAt }: { loanId: string; signedAt: string }) {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState<string | null>(null);
  // Sending again is the email log's retry (emails.view), not loans.view: the read-only Viewer sees no button.
  const { canAccess: canResend } = useCanAccess({ action: 'resend', resource: 'emails' });
  const queryKey = ['document-deliveries', loanId];
  const { data, error } = useQuery({
    queryKey,
    queryFn: () => dataProvider.documentDeliveries(loanId),
    refetchInterval: 5000,
  });
  const sendAgain = async (delivery: DocumentDelivery) => {
    setSending(delivery.id);
    try {
      await dataProvider.resendDocumentDelivery(delivery.id);
      notify(delivery.channel === 'email' ? 'The email is queued again' : 'The SMS is queued again', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setSending(null);
    }
  };
  if (error) return <Alert severity="error">{(error as Error).message}</Alert>;
  if (!data) return null;
  if (data.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="document-deliveries">
        Nothing recorded yet for the signing of {formatDateTime(signedAt)}: the signed agreement and the KFS are emailed, and an SMS sent,
        by the worker shortly after it.
      </Typography>
    );
  }
  // The section sits in the page's narrower column: the address wraps, and the table scrolls rather than clip its
  // status and Send again out of sight.
  return (
    <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Documents sent, by channel">
      <Table size="small" data-testid="document-deliveries">
        <TableHead>
          <TableRow>
            <TableCell>Channel</TableCell>
            <TableCell>Documents</TableCell>
            <TableCell>To</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">Attempts</TableCell>
            <TableCell>Updated</TableCell>
            <TableCell>Action</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((d) => (
            <TableRow key={d.id}>
              <TableCell>{d.channel === 'email' ? 'Email' : 'SMS'}</TableCell>
              <TableCell>{d.documents.map((k) => DOCUMENT_NAMES[k]).join(', ')}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all', minWidth: 120 }}>{d.recipient ?? '—'}</TableCell>
              <TableCell>
                {STATUS_LABELS[d.status]}
                {d.lastError ? (
                  <Typography variant="caption" color={d.status === 'sent' ? 'text.secondary' : 'error'} component="div">
                    {d.lastError}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell align="right">{d.attempts}</TableCell>
              <TableCell>{formatDateTime(d.updatedAt)}</TableCell>
              <TableCell>
                {d.status === 'failed' && canResend ? (
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={sending !== null}
                    onClick={() => void sendAgain(d)}
                    aria-label={`Send the ${d.channel === 'email' ? 'email' : 'SMS'} again`}
                  >
                    Send again
                  </Button>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
