import type { CustomerDocument } from '@lending/web-common/api';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Link } from '@mui/material';
import { useEffect, useState } from 'react';
import { customerDocumentUrl } from '../providers/dataProvider';
import { fetchBlob } from '../providers/http';
import { documentKindLabel } from './review';

/**
 * A customer's upload, fetched with the staff member's token (no public URL exists): an image inline, a PDF in a
 * frame with a link to open it in a tab of its own.
 */
export function DocumentViewer({
  customerId,
  document,
  label,
  onClose,
}: {
  customerId: string;
  document: CustomerDocument | null;
  label: string;
  onClose: () => void;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!document) return undefined;
    let created: string | null = null;
    setUrl(null);
    setError(null);
    fetchBlob(customerDocumentUrl(customerId, document.id))
      .then(({ blob }) => {
        created = URL.createObjectURL(blob);
        setUrl(created);
      })
      .catch((e: Error) => setError(e.message));
    return () => {
      if (created) URL.revokeObjectURL(created);
    };
  }, [customerId, document]);

  const kind = document ? documentKindLabel(document.kind) : label;
  const title = kind === label ? label : `${label} (${kind})`;
  return (
    <Dialog open={!!document} onClose={onClose} aria-labelledby="document-viewer-title" fullWidth maxWidth="md">
      <DialogTitle id="document-viewer-title">{title}</DialogTitle>
      <DialogContent>
        {error ? <Alert severity="error">{error}</Alert> : null}
        {url && document?.contentType.startsWith('image/') ? (
          <Box component="img" src={url} alt={title} sx={{ maxWidth: '100%', maxHeight: '70vh', display: 'block', mx: 'auto' }} />
        ) : null}
        {url && document?.contentType === 'application/pdf' ? (
          <Box component="iframe" title={title} src={url} sx={{ width: '100%', height: '70vh', border: '1px solid #ddd' }} />
        ) : null}
      </DialogContent>
      <DialogActions>
        {url ? (
          <Link href={url} target="_blank" rel="noopener" sx={{ mr: 'auto', ml: 2 }}>
            Open in a new tab
          </Link>
        ) : null}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
