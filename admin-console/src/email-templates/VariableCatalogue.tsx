import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { useTemplateEvents } from './useTemplateEvents';

/** The variables of the chosen event, beside the editor: the only names a template may use. */
export function VariableCatalogue() {
  const event = useWatch({ name: 'event' }) as string | undefined;
  const { data: events } = useTemplateEvents();
  const chosen = events?.find((e) => e.key === event);
  return (
    <Box component="section" aria-labelledby="variables-heading" sx={{ width: '100%', mt: 1 }}>
      <Typography id="variables-heading" variant="subtitle1" component="h2">
        Variables {chosen ? `of “${chosen.label}”` : ''}
      </Typography>
      {!chosen ? (
        <Typography variant="body2">Choose an event to see the variables it offers.</Typography>
      ) : (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>
            Write <code>{'{{name}}'}</code> for a value (escaped in HTML), <code>{'{{#if name}}…{{else}}…{{/if}}'}</code> for a condition.
            Other names, <code>{'{{{…}}}'}</code>, helpers and partials are refused when you save.
            {chosen.required?.length ? ` Both bodies must use ${chosen.required.map((r) => `{{${r}}}`).join(', ')}.` : ''}
          </Typography>
          <Table size="small" aria-labelledby="variables-heading">
            <TableHead>
              <TableRow>
                <TableCell>Variable</TableCell>
                <TableCell>Meaning</TableCell>
                <TableCell>Sample</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {chosen.variables.map((v) => (
                <TableRow key={v.name}>
                  <TableCell>
                    <code>{`{{${v.name}}}`}</code>
                  </TableCell>
                  <TableCell>{v.description}</TableCell>
                  <TableCell>{v.sample}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Box>
  );
}
