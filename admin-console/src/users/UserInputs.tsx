import { PasswordInput, ReferenceInput, SelectInput, TextInput, email, minLength, required } from 'react-admin';

/** The fields Create and Edit share; the password only on create, email fixed once created. */
export function UserInputs({ create = false }: { create?: boolean }) {
  return (
    <>
      <TextInput source="name" validate={[required(), minLength(2)]} fullWidth />
      <TextInput source="email" validate={create ? [required(), email()] : undefined} disabled={!create} fullWidth />
      <TextInput source="phone" fullWidth />
      <ReferenceInput source="roleId" reference="Roles" sort={{ field: 'name', order: 'ASC' }}>
        <SelectInput label="Role" optionText="name" validate={required()} fullWidth />
      </ReferenceInput>
      {create ? <PasswordInput source="password" validate={[required(), minLength(8)]} fullWidth /> : null}
      {create ? null : (
        <SelectInput
          source="status"
          choices={[
            { id: 'active', name: 'Active' },
            { id: 'disabled', name: 'Disabled' },
          ]}
          validate={required()}
          fullWidth
        />
      )}
    </>
  );
}
