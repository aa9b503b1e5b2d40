import { formatPhone } from '@lending/web-common/phone';
import { useRecordContext } from 'react-admin';

/** A record's phone as people read it ("+91 98765 01234"; the API keeps E.164), in a Datagrid column or a Show. */
export function PhoneField({ source }: { source: string; label?: string; sortable?: boolean; sortBy?: string }) {
  const record = useRecordContext<Record<string, unknown>>();
  if (!record) return null;
  const phone = record[source];
  return <span style={{ whiteSpace: 'nowrap' }}>{formatPhone(typeof phone === 'string' ? phone : null)}</span>;
}
