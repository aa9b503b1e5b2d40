import { Button, Stack, TextField } from '@mui/material';
import { useEffect, useState } from 'react';

/** datetime-local works in the browser's time zone; the API takes an ISO instant. */
export const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
};
export const fromLocalInput = (value: string) => new Date(value).toISOString();

/** Picks the moment to see the loan at; "Now" goes back to the live loan. */
export function AsOfControl({ asOf, onChange }: { asOf: string | null; onChange(iso: string | null): void }) {
  const [value, setValue] = useState(asOf ? toLocalInput(asOf) : '');
  useEffect(() => setValue(asOf ? toLocalInput(asOf) : ''), [asOf]);
  return (
    <Stack
      direction="row"
      spacing={1}
      alignItems="center"
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (value) onChange(fromLocalInput(value));
      }}
    >
      <TextField
        size="small"
        type="datetime-local"
        label="As of"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 0.001 } }}
      />
      <Button type="submit" variant="outlined" disabled={!value}>
        Show
      </Button>
      <Button onClick={() => onChange(null)} disabled={!asOf}>
        Now
      </Button>
    </Stack>
  );
}
