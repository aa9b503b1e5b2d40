import { Chip } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { formatMoney } from '@lending/web-common/format';
import type { LoanProduct } from '@lending/web-common/api';

export function AmountRangeField(_: { label?: string; sortBy?: string }) {
  const p = useRecordContext<LoanProduct>();
  if (!p) return null;
  return (
    <span>
      {formatMoney(p.minAmount, p.currency, { whole: true })} – {formatMoney(p.maxAmount, p.currency, { whole: true })}
    </span>
  );
}

/** EMI: rate and fee and tenure; salary advance: the flat fee and the pay day. */
export function PricingField(_: { label?: string; sortBy?: string }) {
  const p = useRecordContext<LoanProduct>();
  if (!p) return null;
  if (p.type === 'salaryAdvance')
    return (
      <span>
        {p.processingFeePercent}% flat fee, pay day {p.defaultPayDayOfMonth}
      </span>
    );
  return (
    <span>
      {p.annualRatePercent}% a year, fee {p.processingFeePercent}%, {p.minTenureMonths}–{p.maxTenureMonths} months
    </span>
  );
}

/** Grey text on the default chip: 7:1 on its background; success green keeps white text above 4.5:1. */
export function ActiveField(_: { label?: string; sortBy?: string }) {
  const p = useRecordContext<LoanProduct>();
  if (!p) return null;
  return (
    <Chip
      size="small"
      label={p.active ? 'open' : 'closed'}
      color={p.active ? 'success' : 'default'}
      variant={p.active ? 'filled' : 'outlined'}
    />
  );
}
