import { Create, SimpleForm } from 'react-admin';
import { EmailTemplateInputs } from './EmailTemplateInputs';
import { templateBody } from './types';

const defaults = { active: true, html: '<p>Hello {{borrowerName}},</p>\n<p></p>', text: 'Hello {{borrowerName}},\n\n' };

/** /Admin/EmailTemplates/Add: a new template (version 1); preview it once saved. */
export function EmailTemplateCreate() {
  return (
    <Create
      title="New email template"
      resource="EmailTemplates"
      redirect={(_resource, id) => `EmailTemplates/update/${id}`}
      transform={templateBody}
    >
      <SimpleForm defaultValues={defaults}>
        <EmailTemplateInputs />
      </SimpleForm>
    </Create>
  );
}
