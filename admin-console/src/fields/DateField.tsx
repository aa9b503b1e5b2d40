import { formatDate, formatDateTime } from '@lending/web-common/format';
import Typography from '@mui/material/Typography';
import { type FieldProps, useFieldValue } from 'react-admin';

/**
 * react-admin's DateField, written the one way both apps write dates: "1 Dec 2026", or with `showTime`
 * "1 Dec 2026, 9:33 pm", in the business time zone rather than the browser's (web-common format.ts).
 */
export function DateField({ showTime = false, emptyText = '—', ...props }: FieldProps & { showTime?: boolean }) {
  const value: unknown = useFieldValue(props);
  const text = typeof value === 'string' && value !== '' ? (showTime ? formatDateTime(value) : formatDate(value)) : emptyText;
  return (
    <Typography component="span" variant="body2">
      {text}
    </Typography>
  );
}
