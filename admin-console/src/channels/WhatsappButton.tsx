import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { Button, Dialog, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useCanAccess } from 'react-admin';
import { WhatsappComposer } from './WhatsappComposer';

/**
 * "WhatsApp" on the loan and collection pages: writes to the loan's borrower (staff with whatsapp.send). `values`
 * prefill templates' parameters (name, amount, loanReference) from the loan; a refusal stays in the dialog.
 */
export function WhatsappButton({ loanId, values }: { loanId: string; values?: Record<string, string> }) {
  const [open, setOpen] = useState(false);
  const { canAccess } = useCanAccess({ action: 'send', resource: 'whatsapp' });
  if (!canAccess) return null;
  return (
    <>
      <Button size="small" variant="outlined" startIcon={<WhatsAppIcon />} onClick={() => setOpen(true)}>
        WhatsApp
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="whatsapp-dialog-title">
        <DialogTitle id="whatsapp-dialog-title">WhatsApp the borrower</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          <WhatsappComposer target={{ loanId }} values={values} onSent={() => setOpen(false)} onCancel={() => setOpen(false)} />
        </DialogContent>
      </Dialog>
    </>
  );
}
