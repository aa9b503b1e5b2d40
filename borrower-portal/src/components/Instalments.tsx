import { formatDate, formatMoney } from '@lending/web-common/format';
import { INSTALMENT_STATUS_LABELS, instalmentTotal, paidOn, type Instalment } from '@lending/web-common/servicing';

/** Badge tones by status, which the server judges on the business date (docs/servicing.md, "Instalment status"). */
const TONE: Record<string, string> = { upcoming: 'neutral', due: 'action', overdue: 'bad', partial: 'progress', paid: 'good' };

/** The instalments with what was paid on each and where each stands. */
export function Instalments({ lines, currency, caption }: { lines: Instalment[]; currency: string; caption: string }) {
  return (
    // On a phone each row is a card (styles.css), so nothing scrolls sideways at 360 px; the region stays focusable.
    <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="schedule" data-testid="instalments">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Due on</th>
            <th scope="col">Amount</th>
            <th scope="col">Paid</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.number} data-status={line.status}>
              <td data-label="#">{line.number}</td>
              <td data-label="Due on">{formatDate(line.dueDate)}</td>
              <td data-label="Amount">{formatMoney(instalmentTotal(line), currency)}</td>
              <td data-label="Paid">{formatMoney(paidOn(line), currency)}</td>
              <td data-label="Status">
                <span className={`badge badge--${TONE[line.status]}`}>{INSTALMENT_STATUS_LABELS[line.status] ?? line.status}</span>
                {line.paidOn && <span className="muted small"> {formatDate(line.paidOn)}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
