import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useCanAccess, useListContext, useNotify } from 'react-admin';
import { AssignDialog } from './AssignDialog';
import type { CollectionRow } from './types';

/** The loans behind the selected rows, once each (several instalments of one loan are one assignment). */
export function selectedLoanIds(rows: readonly Pick<CollectionRow, 'id' | 'loanId'>[] | undefined, selected: readonly unknown[]): string[] {
  const wanted = new Set(selected.map(String));
  return [...new Set((rows ?? []).filter((r) => wanted.has(String(r.id))).map((r) => r.loanId))];
}

export function BulkAssignButton() {
  // The list's own unselect: its selection is kept under the list's storeKey, not the resource's.
  const { selectedIds, data, onUnselectItems } = useListContext<CollectionRow>();
  const { canAccess } = useCanAccess({ action: 'assign', resource: 'Collections' });
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  if (!canAccess) return null;
  const loanIds = selectedLoanIds(data, selectedIds);
  const rows = `${selectedIds.length} selected row${selectedIds.length === 1 ? '' : 's'}`;
  const subject = loanIds.length === selectedIds.length ? rows : `${loanIds.length} loan${loanIds.length === 1 ? '' : 's'} (${rows})`;
  return (
    <>
      <Button size="small" startIcon={<AssignmentIndIcon />} onClick={() => setOpen(true)}>
        Assign
      </Button>
      {open ? (
        <AssignDialog
          loanIds={loanIds}
          subject={subject}
          onClose={() => setOpen(false)}
          onDone={(name) => {
            setOpen(false);
            onUnselectItems();
            const loans = `${loanIds.length} loan${loanIds.length === 1 ? '' : 's'}`;
            notify(name === null ? `${loans} un-assigned: no collector.` : `${loans} assigned to ${name}.`, { type: 'success' });
          }}
        />
      ) : null}
    </>
  );
}
