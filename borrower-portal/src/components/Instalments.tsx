import { InstalmentTable } from '@lending/web-common/loan-tables';
import type { Instalment } from '@lending/web-common/servicing';
import { TABLE_PARTS, TableScroll } from './tableParts';

/** The instalments with what was paid on each and where each stands. */
export function Instalments({ lines, currency, caption }: { lines: Instalment[]; currency: string; caption: string }) {
  return (
    <TableScroll label={caption}>
      <InstalmentTable parts={TABLE_PARTS} caption={caption} lines={lines} currency={currency} />
    </TableScroll>
  );
}
