import { Alert, Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { HttpError, useDataProvider, useRecordContext } from 'react-admin';
import type { LendingDataProvider } from '../providers/dataProvider';
import type { EmailTemplate, RenderedEmail } from './types';

/**
 * The template as an email, rendered by the server with the event's sample data, from what the form holds now (not
 * yet saved). The HTML is shown in a sandboxed frame: no script in it runs.
 */
export function TemplatePreview() {
  const record = useRecordContext<EmailTemplate>();
  const dataProvider = useDataProvider<LendingDataProvider>();
  const [event, subject, html, text] = useWatch({ name: ['event', 'subject', 'html', 'text'] }) as string[];
  const [preview, setPreview] = useState<RenderedEmail | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (!record) return null;
  const run = async () => {
    try {
      setPreview(await dataProvider.previewEmailTemplate(record.id, { event, subject, html, text }));
      setProblem(null);
    } catch (error) {
      setPreview(null);
      setProblem(error instanceof HttpError ? error.message : String(error));
    }
  };
  return (
    <Box component="section" aria-labelledby="preview-heading" sx={{ width: '100%', mt: 2 }}>
      <Typography id="preview-heading" variant="subtitle1" component="h2">
        Preview with sample data
      </Typography>
      <Button variant="outlined" onClick={run} sx={{ my: 1 }}>
        Preview
      </Button>
      {problem ? <Alert severity="error">{problem}</Alert> : null}
      {preview ? (
        <Box data-testid="template-preview">
          <Typography variant="body2">
            <strong>Subject:</strong> {preview.subject}
          </Typography>
          <iframe
            title="HTML preview"
            sandbox=""
            srcDoc={preview.html}
            style={{ width: '100%', minHeight: 220, border: '1px solid #ccc', background: '#fff' }}
          />
          <Typography
            variant="body2"
            component="pre"
            sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', p: 1, border: '1px solid #ccc' }}
          >
            {preview.text}
          </Typography>
        </Box>
      ) : null}
    </Box>
  );
}
