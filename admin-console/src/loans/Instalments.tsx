import { InstalmentTable } from '@lending/web-common/loan-tables';
import type { Instalment } from '@lending/web-common/servicing';
import { TABLE_PARTS } from '../layout/tableParts';

/**
 * The instalments as servicing left them: total, paid and status on the business date first (visible in a narrow
 * card), then each component with what was paid of it.
 */
export function Instalments({ instalments, currency }: { instalments: Instalment[]; currency: string }) {
  return (
    <InstalmentTable
      parts={TABLE_PARTS}
      caption="Instalments"
      lines={instalments}
      currency={currency}
      split
      headers={{ dueDate: 'Due', total: 'Total' }}
    />
  );
}
