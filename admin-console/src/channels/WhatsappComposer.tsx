import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { channelsApi } from './api';
import { parameterLabel, prefilledParameters, templateLabel, templatePreview } from './whatsapp-template';

type Props = {
  /** Who to write to: the borrower, or a loan of theirs (the loan and collection pages). */
  target: { borrowerId: string } | { loanId: string };
  /** The 24-hour window when known; unknown (from a loan), the server decides and says why it refused. */
  windowOpen?: boolean;
  onSent?: () => void;
  /** Values for templates' parameters by name (name, amount, loanReference), from the loan the message is about. */
  values?: Record<string, string>;
  /** Shown as a Cancel button beside Send (the composer in a dialog). */
  onCancel?: () => void;
};

/** Writes a WhatsApp message: free text while the window is open, otherwise (or by choice) an approved template. */
export function WhatsappComposer({ target, windowOpen, onSent, values = {}, onCancel }: Props) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const templates = useQuery({ queryKey: ['whatsapp', 'templates'], queryFn: channelsApi.templates });
  const [text, setText] = useState('');
  const [templateName, setTemplateName] = useState('');
  const [parameters, setParameters] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  // The server's refusal (problem+json detail) stays in the composer, beside what was refused, until the next try.
  const [refusal, setRefusal] = useState<string | null>(null);
  const template = templates.data?.find((t) => t.name === templateName);
  const freeTextAllowed = windowOpen !== false;
  const send = async () => {
    setSending(true);
    setRefusal(null);
    try {
      await channelsApi.send(templateName ? { ...target, templateName, parameters } : { ...target, text });
      setText('');
      setTemplateName('');
      setParameters([]);
      notify('WhatsApp message sent', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['whatsapp'] });
      onSent?.();
    } catch (error) {
      setRefusal((error as Error).message);
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack spacing={1.5}>
      {/* With a template chosen, its preview below is the message: no greyed-out free text beside it. */}
      {templateName ? null : freeTextAllowed ? (
        <TextField
          label="Message"
          multiline
          minRows={2}
          value={text}
          onChange={(e) => setText(e.target.value)}
          helperText={
            windowOpen
              ? 'Free text is allowed while the window is open.'
              : "Free text goes only within 24 hours of the borrower's last message."
          }
        />
      ) : (
        <Alert severity="warning">The 24-hour window is closed: only an approved template can be sent.</Alert>
      )}
      <TextField
        select
        label="Approved template"
        value={templateName}
        onChange={(e) => {
          const chosen = templates.data?.find((t) => t.name === e.target.value);
          setTemplateName(e.target.value);
          setParameters(chosen ? prefilledParameters(chosen.parameters, values) : []);
          setRefusal(null);
        }}
        sx={{ maxWidth: 360 }}
      >
        <MenuItem value="">{freeTextAllowed ? 'None (free text)' : 'Choose a template'}</MenuItem>
        {templates.data?.map((t) => (
          <MenuItem key={t.name} value={t.name}>
            {templateLabel(t.name)}
          </MenuItem>
        ))}
      </TextField>
      {template ? (
        <>
          <Typography variant="body2" data-testid="whatsapp-preview" sx={{ p: 1, bgcolor: 'action.hover', borderRadius: 1 }}>
            {templatePreview(template.body, template.parameters, parameters)}
          </Typography>
          {template.parameters.map((name, index) => (
            <TextField
              key={name}
              label={parameterLabel(name)}
              value={parameters[index] ?? ''}
              onChange={(e) =>
                setParameters((p) => Object.assign([...template.parameters.map((_, i) => p[i] ?? '')], { [index]: e.target.value }))
              }
              sx={{ maxWidth: 360 }}
            />
          ))}
        </>
      ) : null}
      {refusal ? (
        <Alert severity="error" data-testid="whatsapp-refusal">
          {refusal}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: onCancel ? 'flex-end' : 'flex-start' }}>
        {onCancel ? <Button onClick={onCancel}>Cancel</Button> : null}
        <Button variant="contained" onClick={send} disabled={sending || (templateName ? false : !freeTextAllowed || text.trim() === '')}>
          Send
        </Button>
      </Box>
    </Stack>
  );
}
