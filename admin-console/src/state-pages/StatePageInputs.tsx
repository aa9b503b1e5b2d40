import { BooleanInput, required, SelectInput, TextInput } from 'react-admin';

/** The states and union territories the API accepts (its enum, in the generated API types). */
export const STATE_CHOICES = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
].map((s) => ({ id: s, name: s }));

export function StatePageInputs() {
  return (
    <>
      <SelectInput source="state" choices={STATE_CHOICES} validate={required()} />
      <TextInput
        source="city"
        validate={required()}
        helperText="The page is at /{state}/{city}, e.g. /Karnataka/Bengaluru (spaces become hyphens)"
      />
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="text" validate={required()} multiline minRows={4} fullWidth />
      <TextInput source="offer" fullWidth helperText="Optional: shown highlighted above the text" />
      <BooleanInput source="active" defaultValue={false} helperText="Only active pages are public" />
    </>
  );
}

/** The fields the API takes (it refuses any other). */
export const statePageBody = (data: Record<string, unknown>) => ({
  state: data.state,
  city: data.city,
  title: data.title,
  text: data.text,
  offer: data.offer ?? null,
  active: data.active ?? false,
});
