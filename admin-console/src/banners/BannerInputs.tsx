import { BooleanInput, DateTimeInput, ImageField, ImageInput, NumberInput, SelectInput, TextInput, maxLength, required } from 'react-admin';

export const AUDIENCE_CHOICES = [
  { id: 'home', name: 'Public home page' },
  { id: 'dashboard', name: 'Borrower dashboard' },
];

/** The fields Create and Edit share; on edit, a picture is needed only to replace the current one. */
export function BannerInputs({ create = false }: { create?: boolean }) {
  return (
    <>
      <TextInput source="title" validate={[required(), maxLength(120)]} fullWidth helperText="Also the picture's text for screen readers" />
      <ImageInput
        source="picture"
        label={create ? 'Picture (PNG, JPEG, GIF or WebP, at most 2 MB)' : 'New picture (leave empty to keep the current one)'}
        accept={{ 'image/png': [], 'image/jpeg': [], 'image/gif': [], 'image/webp': [] }}
        maxSize={2 * 1024 * 1024}
        validate={create ? required() : undefined}
      >
        <ImageField source="src" title="title" />
      </ImageInput>
      <TextInput source="link" label="Link (a page of the portal, e.g. /EmiCalculator)" fullWidth />
      <SelectInput source="audience" choices={AUDIENCE_CHOICES} validate={required()} />
      <DateTimeInput source="startsAt" label="Shows from" validate={required()} />
      <DateTimeInput source="endsAt" label="Shows until (empty: until deactivated)" />
      <NumberInput source="order" min={0} helperText="Lower shows first" />
      <BooleanInput source="active" />
    </>
  );
}
