import { Alert } from '@mui/material';
import { Edit, SaveButton, SimpleForm, Toolbar, TopToolbar, useRecordContext } from 'react-admin';
import { useParams } from 'react-router-dom';
import { EmailTemplateInputs } from './EmailTemplateInputs';
import { TemplatePreview } from './TemplatePreview';
import { templateBody, type EmailTemplate } from './types';

function Title() {
  const t = useRecordContext<EmailTemplate>();
  return <span>{t ? `${t.name} (version ${t.version})` : 'Email template'}</span>;
}

function VersionNote() {
  const t = useRecordContext<EmailTemplate>();
  return (
    <Alert severity="info" sx={{ mb: 1, width: '100%' }}>
      Saving makes version {t ? t.version + 1 : 'the next'}. Each email records the version it was written with.
    </Alert>
  );
}

/** /Admin/EmailTemplates/update/{id}: edit a template (each save is a version) and preview it. */
export function EmailTemplateEdit() {
  const { id } = useParams();
  return (
    <Edit
      id={id}
      resource="EmailTemplates"
      title={<Title />}
      mutationMode="pessimistic"
      redirect={false}
      actions={<TopToolbar />}
      transform={templateBody}
    >
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton label="Save as new version" />
          </Toolbar>
        }
      >
        <VersionNote />
        <EmailTemplateInputs />
        <TemplatePreview />
      </SimpleForm>
    </Edit>
  );
}
