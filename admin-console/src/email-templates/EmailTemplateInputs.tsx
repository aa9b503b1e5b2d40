import { Box } from '@mui/material';
import { BooleanInput, SelectInput, TextInput, maxLength, required } from 'react-admin';
import { useTemplateEvents } from './useTemplateEvents';
import { VariableCatalogue } from './VariableCatalogue';

/** The fields Add and update share, and the event's variable catalogue beside them. */
export function EmailTemplateInputs() {
  const { data: events } = useTemplateEvents();
  return (
    <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', width: '100%' }}>
      <Box sx={{ flex: '2 1 480px', minWidth: 0 }}>
        <TextInput source="name" validate={[required(), maxLength(100)]} fullWidth />
        <SelectInput
          source="event"
          label="Sent on"
          choices={(events ?? []).map((e) => ({ id: e.key, name: e.label }))}
          validate={required()}
          fullWidth
          isPending={!events}
        />
        <TextInput source="subject" validate={[required(), maxLength(200)]} fullWidth />
        <TextInput source="html" label="HTML body" validate={required()} multiline minRows={6} fullWidth />
        <TextInput source="text" label="Text body" validate={required()} multiline minRows={5} fullWidth />
        <BooleanInput
          source="active"
          helperText="Only one template per event is active: saving this one active deactivates the event's other template."
        />
      </Box>
      <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
        <VariableCatalogue />
      </Box>
    </Box>
  );
}
