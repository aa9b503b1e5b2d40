import { formatMoney } from '@lending/web-common/format';
import { ScheduleTable } from '@lending/web-common/loan-tables';
import type { KeyFactStatement as Kfs } from '../api/loans';
import { TABLE_PARTS, TableScroll } from './tableParts';

const percent = (bp: number) => `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, '0')}%`;

/**
 * The Key Facts Statement as the RBI's circular of 15 April 2024 lays it out: Part 1 (interest rate and fees/charges,
 * the APR with every fee), Part 2 (qualitative information: cooling-off period, grievance officer, recovery agents)
 * and the repayment schedule with the fee on the instalment that carries it. The same figures as page 1 of the PDF.
 */
export function KeyFactStatement({ kfs }: { kfs: Kfs }) {
  const money = (minor: number) => formatMoney(minor, kfs.currency);
  const g = kfs.grievanceOfficer;
  return (
    <section className="card kfs" aria-labelledby="kfs-title" data-testid="kfs">
      <h2 id="kfs-title">Key Facts Statement</h2>
      <p className="kfs__apr">
        Annual Percentage Rate (APR): <strong data-testid="kfs-apr">{percent(kfs.aprBasisPoints)}</strong> a year
        <span className="muted small"> — the cost of the loan with interest and every fee, on the amount you receive</span>
      </p>
      <h3>Part 1: interest rate and fees</h3>
      <dl className="facts">
        <dt>Sanctioned amount</dt>
        <dd>{money(kfs.sanctionedAmount)}</dd>
        <dt>Disbursal</dt>
        <dd>{kfs.disbursal}</dd>
        <dt>Loan term</dt>
        <dd>
          {kfs.tenureMonths} {kfs.tenureMonths === 1 ? 'month' : 'months'}
        </dd>
        <dt>Instalments</dt>
        <dd>
          {kfs.instalments.type}: {kfs.instalments.count} × {money(kfs.instalments.amount)}, commencing {kfs.instalments.commencement}
        </dd>
        <dt>Interest rate</dt>
        <dd>
          {kfs.interestRate.annualRatePercent}% a year, {kfs.interestRate.type.toLowerCase()}
        </dd>
        <dt>Fees and charges</dt>
        <dd>
          {kfs.fees.length === 0
            ? 'None'
            : kfs.fees.map((f) => `${f.name} ${money(f.amount)} (${f.recurrence}, to the ${f.payableTo}, ${f.collected})`).join('; ')}
        </dd>
        <dt>Net disbursed amount</dt>
        <dd>{money(kfs.netDisbursedAmount)}</dd>
        <dt>Total interest</dt>
        <dd>{money(kfs.totalInterest)}</dd>
        <dt>Total amount to pay</dt>
        <dd>{money(kfs.totalPayable)}</dd>
        {kfs.contingentCharges.map((c) => (
          <Fact key={c.name} name={c.name} value={c.value} />
        ))}
      </dl>
      <h3>Part 2: other information</h3>
      <dl className="facts">
        {kfs.qualitative.map((q) => (
          <Fact key={q.name} name={q.name} value={q.value} />
        ))}
        <dt>Grievance officer</dt>
        <dd>
          {g.name}, <a href={`tel:${g.phone.replace(/\s/g, '')}`}>{g.phone}</a>, <a href={`mailto:${g.email}`}>{g.email}</a>, {g.address}
        </dd>
      </dl>
      <TableScroll label="Repayment schedule of the Key Facts Statement">
        <ScheduleTable
          parts={TABLE_PARTS}
          caption="Repayment schedule"
          lines={kfs.schedule}
          currency={kfs.currency}
          columns={['number', 'instalment', 'principal', 'interest', 'fee', 'balance']}
        />
      </TableScroll>
    </section>
  );
}

function Fact({ name, value }: { name: string; value: string }) {
  return (
    <>
      <dt>{name}</dt>
      <dd>{value}</dd>
    </>
  );
}
