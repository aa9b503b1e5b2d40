import { formatDate, formatMoney } from '@lending/web-common/format';

type Line = { number: number; principal: number; interest: number; balance: number; dueDate?: string };

/** A repayment schedule: one row per instalment. */
export function Schedule({ lines, currency = 'INR', caption }: { lines: Line[]; currency?: string; caption: string }) {
  const dated = lines.some((l) => l.dueDate);
  return (
    // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too (axe scrollable-region-focusable).
    <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="schedule">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            {dated && <th scope="col">Due on</th>}
            <th scope="col">Instalment</th>
            <th scope="col">Principal</th>
            <th scope="col">Interest</th>
            <th scope="col">Balance after</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.number}>
              <td>{l.number}</td>
              {dated && <td>{formatDate(l.dueDate)}</td>}
              <td>{formatMoney(l.principal + l.interest, currency)}</td>
              <td>{formatMoney(l.principal, currency)}</td>
              <td>{formatMoney(l.interest, currency)}</td>
              <td>{formatMoney(l.balance, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
