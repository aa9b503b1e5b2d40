import type { ReactNode } from 'react';
import { Alert, Box, Button, Stack, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Loading, Title, useGetOne } from 'react-admin';
import { saveBlob } from '@lending/web-common/download';
import { formatDateTime, formatMoney } from '@lending/web-common/format';
import type { AdminAgreement } from '@lending/web-common/api';
import { ADMIN_API } from '../providers/dataProvider';
import { fetchBlob } from '../providers/http';
import { loanPath } from '../loans/queues';
import { formatPhone } from '@lending/web-common/phone';

const pdfUrl = (id: string, download = false) =>
  `${ADMIN_API}/loans/${encodeURIComponent(id)}/agreement.pdf${download ? '?download=1' : ''}`;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ width: 220, fontWeight: 600 }}>
        {label}
      </TableCell>
      <TableCell sx={{ wordBreak: 'break-all' }}>{children}</TableCell>
    </TableRow>
  );
}

/** /Admin/Agreement/{id}: one agreement (by its loan's id), its hash, the PDF inline, and the signing evidence. */
export function AgreementShow() {
  const { id = '' } = useParams();
  const { data, isPending, error } = useGetOne<AdminAgreement>('LoanAgreements', { id });
  const [viewUrl, setViewUrl] = useState<string | null>(null);
  const [pdfError, setPdfError] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (viewUrl) URL.revokeObjectURL(viewUrl);
    },
    [viewUrl],
  );
  if (isPending) return <Loading />;
  if (error || !data) return <Alert severity="error">{(error as Error | null)?.message ?? 'Agreement not found'}</Alert>;
  const evidence = data.evidence;
  const view = async () => {
    setPdfError(null);
    try {
      setViewUrl(URL.createObjectURL((await fetchBlob(pdfUrl(data.loanId))).blob));
    } catch (e) {
      setPdfError((e as Error).message);
    }
  };
  const download = async () => {
    try {
      const { blob, filename } = await fetchBlob(pdfUrl(data.loanId, true));
      saveBlob(blob, filename ?? `loan-agreement-${data.loanId}.pdf`);
    } catch (e) {
      setPdfError((e as Error).message);
    }
  };
  return (
    <Box sx={{ p: 2 }}>
      <Title title={`Agreement ${data.loanId.slice(0, 8).toUpperCase()}`} />
      <Typography variant="h5" component="h1" gutterBottom>
        Loan agreement {data.loanId.slice(0, 8).toUpperCase()}
      </Typography>
      <Table size="small" aria-label="Agreement">
        <TableBody>
          <Row label="Loan">
            <Link to={loanPath({ id: data.loanId, type: data.loanType as 'EMI' | 'salaryAdvance', state: data.loanState })}>
              {data.loanId}
            </Link>{' '}
            ({data.loanType}, {data.loanState})
          </Row>
          <Row label="Borrower">
            {data.borrowerName} ({data.borrowerEmail})
          </Row>
          <Row label="Amount">{formatMoney(data.principal, data.currency)}</Row>
          <Row label="Issued">{formatDateTime(data.issuedAt)}</Row>
          <Row label="SHA-256 issued">
            <code data-testid="agreement-hash">{data.documentHash}</code>
          </Row>
          <Row label="Signed">{data.signedAt ? formatDateTime(data.signedAt) : 'Awaiting the borrower’s signature'}</Row>
          {data.signedDocumentHash ? (
            <Row label="SHA-256 signed">
              <code>{data.signedDocumentHash}</code>{' '}
              {data.signedDocumentHash === data.documentHash ? '(the document issued)' : '(differs from the document issued!)'}
            </Row>
          ) : null}
        </TableBody>
      </Table>
      <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
        Signing evidence
      </Typography>
      {evidence ? (
        <Table size="small" aria-label="Signing evidence">
          <TableBody>
            <Row label="Signed through">{evidence.channel === 'email-link' ? 'The emailed link (/Eagreement)' : 'The portal (Step6)'}</Row>
            <Row label="One-time code">
              Verified {formatDateTime(evidence.code.verifiedAt)} for {formatPhone(evidence.code.phone)} ({evidence.code.purpose})
            </Row>
            <Row label="IP address">{evidence.ip}</Row>
            <Row label="User agent">{evidence.userAgent || '—'}</Row>
          </TableBody>
        </Table>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {data.signed ? 'Signed before one-time codes were recorded: no evidence beyond the time and hash.' : 'Not signed yet.'}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
        {viewUrl ? (
          <Button onClick={() => setViewUrl(null)}>Hide PDF</Button>
        ) : (
          <Button variant="contained" onClick={view}>
            View PDF
          </Button>
        )}
        <Button onClick={download}>Download PDF</Button>
      </Stack>
      {pdfError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {pdfError}
        </Alert>
      ) : null}
      {viewUrl ? (
        <Box
          component="iframe"
          title="Loan agreement PDF"
          src={viewUrl}
          sx={{ mt: 1, width: '100%', height: 700, border: '1px solid #ddd' }}
        />
      ) : null}
    </Box>
  );
}
