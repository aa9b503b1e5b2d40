import { saveBlob } from '@lending/web-common/download';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { ADMIN_API } from '../providers/dataProvider';
import { fetchBlob } from '../providers/http';
import { formatDateTime, formatMoney } from '@lending/web-common/format';
import type { AdminLoan as Loan } from '@lending/web-common/api';

const pdfUrl = (id: string, download = false) =>
  `${ADMIN_API}/loans/${encodeURIComponent(id)}/agreement.pdf${download ? '?download=1' : ''}`;

/** The issued agreement: its terms, the PDF inline (fetched with the bearer token) and a download. */
export function AgreementPanel({ loan }: { loan: Loan }) {
  const [viewUrl, setViewUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (viewUrl) URL.revokeObjectURL(viewUrl);
    },
    [viewUrl],
  );

  if (!loan.agreement) {
    return (
      <Typography variant="body2" color="text.secondary">
        No agreement has been issued yet.
      </Typography>
    );
  }
  const terms = loan.agreement.terms;
  const money = (v: number | string) => formatMoney(Number(v), loan.currency);

  const view = async () => {
    setError(null);
    try {
      const { blob } = await fetchBlob(pdfUrl(loan.id));
      setViewUrl(URL.createObjectURL(blob));
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const download = async () => {
    setError(null);
    try {
      const { blob, filename } = await fetchBlob(pdfUrl(loan.id, true));
      saveBlob(blob, filename ?? `loan-agreement-${loan.id}.pdf`);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <Box>
      <Typography variant="body2">
        Issued {formatDateTime(loan.agreement.issuedAt)}
        {loan.signedAt ? `, signed ${formatDateTime(loan.signedAt)}` : ', awaiting the borrower’s signature'}.
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        Principal {money(terms.principal)} at {terms.annualRatePercent} % · fee {money(terms.fee)} · instalment{' '}
        {money(terms.instalmentAmount)} · total interest {money(terms.totalInterest)} · total payable{' '}
        <strong>{money(terms.totalPayable)}</strong>
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 1, wordBreak: 'break-all' }}>
        SHA-256 {loan.agreement.documentHash}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        {viewUrl ? <Button onClick={() => setViewUrl(null)}>Hide</Button> : <Button onClick={view}>View agreement</Button>}
        <Button onClick={download}>Download PDF</Button>
      </Stack>
      {error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      ) : null}
      {viewUrl ? (
        <Box component="iframe" title="Loan agreement" src={viewUrl} sx={{ mt: 1, width: '100%', height: 600, border: '1px solid #ddd' }} />
      ) : null}
    </Box>
  );
}
