import type { ReactNode } from 'react';
import type { TableParts } from '@lending/web-common/loan-tables';
import type { InstalmentStatus } from '@lending/web-common/servicing';

/** Badge tones by status, which the server judges on the business date (docs/servicing.md, "Instalment status"). */
const TONE: Record<InstalmentStatus, string> = {
  upcoming: 'neutral',
  due: 'action',
  overdue: 'bad',
  partial: 'progress',
  paid: 'good',
  closed: 'neutral',
};

/**
 * The portal's look for web-common's loan tables (styles.css `.schedule`): plain elements, the figures right-aligned
 * by the style sheet, each cell labelled with its heading so that on a phone a row reads as a card.
 */
export const TABLE_PARTS: TableParts = {
  Table: ({ caption, testId, children }) => (
    <table className="schedule" data-testid={testId}>
      <caption>{caption}</caption>
      {children}
    </table>
  ),
  Head: ({ children }) => <thead>{children}</thead>,
  Body: ({ children }) => <tbody>{children}</tbody>,
  Foot: ({ children }) => <tfoot>{children}</tfoot>,
  Row: ({ data, children }) => <tr {...data}>{children}</tr>,
  HeaderCell: ({ children }) => <th scope="col">{children}</th>,
  Cell: ({ header, colSpan, children }) => (
    <td data-label={header} colSpan={colSpan}>
      {children}
    </td>
  ),
  Note: ({ children }) => <span className="muted small"> {children}</span>,
  Status: ({ status, label }) => <span className={`badge badge--${TONE[status]}`}>{label}</span>,
};

/**
 * Where a table sits: on a phone each row is a card (styles.css), so nothing scrolls sideways at 360 px; wider, the
 * region scrolls and is focusable, so a keyboard can scroll it too (axe scrollable-region-focusable).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
