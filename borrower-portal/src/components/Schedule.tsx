import { ScheduleTable, type ScheduleTableLine } from '@lending/web-common/loan-tables';
import { TABLE_PARTS, TableScroll } from './tableParts';

/** A repayment schedule: one row per instalment, with its due date when the lines have one (not the calculator's). */
export function Schedule({
  lines,
  currency = 'INR',
  caption,
}: {
  lines: readonly ScheduleTableLine[];
  currency?: string;
  caption: string;
}) {
  const dated = lines.some((line) => 'dueDate' in line && Boolean(line.dueDate));
  return (
    <TableScroll label={caption}>
      <ScheduleTable
        parts={TABLE_PARTS}
        caption={caption}
        lines={lines}
        currency={currency}
        columns={
          dated
            ? ['number', 'dueDate', 'instalment', 'principal', 'interest', 'balance']
            : ['number', 'instalment', 'principal', 'interest', 'balance']
        }
      />
    </TableScroll>
  );
}
