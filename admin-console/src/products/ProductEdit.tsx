import { Alert } from '@mui/material';
import { Edit, SaveButton, SimpleForm, Toolbar, TopToolbar, useCanAccess, useRecordContext } from 'react-admin';
import type { LoanProduct } from '@lending/web-common/api';
import { ProductInputs, productBody } from './ProductInputs';
import { ProductVersions } from './ProductVersions';

function FormToolbar() {
  const { canAccess } = useCanAccess({ action: 'edit', resource: 'Products' });
  return <Toolbar>{canAccess ? <SaveButton label="Save as new version" /> : null}</Toolbar>;
}

function Title() {
  const p = useRecordContext<LoanProduct>();
  return <span>{p ? `${p.name} (version ${p.version})` : 'Loan product'}</span>;
}

function VersionNote() {
  return (
    <Alert severity="info" sx={{ mb: 1, width: '100%' }}>
      Saving makes a new version. Loans already applied for keep the version they were applied under.
    </Alert>
  );
}

/** /Admin/Products/{id}: edit a product (each save is a version) and read its version history. */
export function ProductEdit() {
  return (
    <Edit
      title={<Title />}
      mutationMode="pessimistic"
      redirect={false}
      actions={<TopToolbar />}
      transform={(values: Record<string, unknown>) => productBody(values, false)}
    >
      <SimpleForm toolbar={<FormToolbar />} sx={{ maxWidth: 760 }}>
        <VersionNote />
        <ProductInputs />
      </SimpleForm>
      <ProductVersions />
    </Edit>
  );
}
