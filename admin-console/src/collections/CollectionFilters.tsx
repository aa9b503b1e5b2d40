import { NumberInput, SearchInput, SelectInput, useGetIdentity } from 'react-admin';
import { CLASSIFICATIONS, CLASSIFICATION_LABELS } from './classification';
import type { RowKind } from './buckets';
import { useCollectors } from './useCollections';

const CLASSIFICATION_CHOICES = CLASSIFICATIONS.map((id) => ({ id, name: CLASSIFICATION_LABELS[id] }));

/** "Assigned to": me first, then every collector; empty means anyone. */
function AssignedToInput(props: { source: string; label: string; alwaysOn?: boolean }) {
  const { identity } = useGetIdentity();
  const { data: collectors } = useCollectors();
  const choices = [
    ...(identity ? [{ id: String(identity.id), name: 'Me' }] : []),
    ...(collectors ?? []).filter((c) => c.id !== String(identity?.id)).map((c) => ({ id: c.id, name: c.name })),
  ];
  return <SelectInput {...props} choices={choices} emptyText="Anyone" />;
}

/** The list API's filters (docs/api.md "Collections"): search, classification, collector and a dpd range. */
export function collectionFilters(kind: RowKind) {
  const search = <SearchInput key="q" source="q" alwaysOn placeholder="Search name, phone or loan" />;
  if (kind === 'payment') return [search];
  return [
    search,
    <SelectInput
      key="classification"
      source="classification"
      label="Classification"
      choices={CLASSIFICATION_CHOICES}
      emptyText="Any"
      alwaysOn
    />,
    <AssignedToInput key="assignedTo" source="assignedTo" label="Assigned to" alwaysOn />,
    <NumberInput key="dpdFrom" source="dpdFrom" label="DPD from" min={0} step={1} alwaysOn sx={{ width: 110 }} />,
    <NumberInput key="dpdTo" source="dpdTo" label="DPD to" min={0} step={1} alwaysOn sx={{ width: 110 }} />,
  ];
}
