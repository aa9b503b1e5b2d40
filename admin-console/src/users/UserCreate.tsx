import { Create, SimpleForm } from 'react-admin';
import { UserInputs } from './UserInputs';

export function UserCreate() {
  return (
    <Create title="New staff user" redirect="edit">
      <SimpleForm>
        <UserInputs create />
      </SimpleForm>
    </Create>
  );
}
