import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { type ActionSpec, validateAction } from './actions';

type Props = {
  spec: ActionSpec<string>;
  open: boolean;
  /** Shown under the question, e.g. how many loans a bulk action touches. */
  subject?: string;
  busy: boolean;
  error: string | null;
  onCancel(): void;
  onConfirm(values: Record<string, string>): void;
};

/** The confirmation for one action: its question, its fields (a reason where required) and the server's refusal. */
export function ActionDialog({ spec, open, subject, busy, error, onCancel, onConfirm }: Props) {
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(spec.fields.filter((f) => f.defaultValue !== undefined).map((f) => [f.name, f.defaultValue!])),
  );
  const [touched, setTouched] = useState(false);
  const errors = validateAction(spec, values);
  const invalid = Object.keys(errors).length > 0;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!invalid) onConfirm(values);
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} fullWidth maxWidth="sm" aria-labelledby={`dialog-${spec.action}`}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`dialog-${spec.action}`}>{spec.label}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {spec.confirm}
            {subject ? (
              <>
                <br />
                <strong>{subject}</strong>
              </>
            ) : null}
          </DialogContentText>
          {spec.fields.map((field) => (
            <TextField
              key={field.name}
              name={field.name}
              label={field.label}
              required={field.required}
              type={field.type === 'multiline' || field.type === 'select' ? 'text' : (field.type ?? 'text')}
              select={field.type === 'select'}
              multiline={field.type === 'multiline'}
              minRows={field.type === 'multiline' ? 2 : undefined}
              slotProps={field.type === 'date' ? { inputLabel: { shrink: true } } : undefined}
              fullWidth
              margin="dense"
              value={values[field.name] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
              error={touched && Boolean(errors[field.name])}
              helperText={(touched && errors[field.name]) || field.helperText}
            >
              {field.choices?.map((choice) => (
                <MenuItem key={choice.id} value={choice.id}>
                  {choice.name}
                </MenuItem>
              ))}
            </TextField>
          ))}
          {spec.preview?.(values)}
          {error ? (
            <Alert severity="error" sx={{ mt: 2 }} role="alert">
              {error}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color={spec.color} disabled={busy}>
            {busy ? 'Working…' : spec.label}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
