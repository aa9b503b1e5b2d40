import { Create, Edit, SimpleForm } from 'react-admin';
import { statePageBody, StatePageInputs } from './StatePageInputs';

export function StatePageEdit() {
  return (
    <Edit title="State page" mutationMode="pessimistic" redirect="list" transform={statePageBody}>
      <SimpleForm sx={{ maxWidth: 760 }}>
        <StatePageInputs />
      </SimpleForm>
    </Edit>
  );
}

export function StatePageCreate() {
  return (
    <Create title="New state page" redirect="list" transform={statePageBody}>
      <SimpleForm sx={{ maxWidth: 760 }}>
        <StatePageInputs />
      </SimpleForm>
    </Create>
  );
}
