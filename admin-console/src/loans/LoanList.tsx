import { Datagrid, List, Title, useCanAccess, type Identifier, type RaRecord } from 'react-admin';
import { BulkLoanActionButton } from './BulkLoanActionButton';
import { loanFilters } from './LoanFilters';
import { BorrowerField, DateTimeField, GateField, LoanIdField, LoanTypeField, PrincipalField, StateField, TenureField } from './LoanFields';
import { QUEUE_GROUPS, type Queue } from './queues';
import type { AdminLoanRow as Loan } from '@lending/web-common/api';

const GATE_SORT = { soft: 'softApprovedAt', bank: 'bankApprovedAt', consent: 'consentApprovedAt', final: 'finalApprovedAt' } as const;

function titleOf(queue: Queue): string {
  const group = QUEUE_GROUPS.find((g) => g.queues.includes(queue));
  return group && group.queues.length > 1 ? `${group.label}: ${queue.label}` : (group?.label ?? queue.label);
}

function BulkActions({ queue }: { queue: Queue }) {
  return (
    <>
      {queue.bulkActions.map((action) => (
        <BulkLoanActionButton key={action} action={action} />
      ))}
    </>
  );
}

/** One pipeline queue: the loans GET /api/admin/loans answers for its filter, sorted and paged by the server. */
export function LoanList({ queue }: { queue: Queue }) {
  const { canAccess: canReject } = useCanAccess({ action: 'reject', resource: 'loans' });
  const filter = queue.type ? { queue: queue.apiQueue, type: queue.type } : { queue: queue.apiQueue };
  const defaultSort = queue.gate
    ? { field: GATE_SORT[queue.gate], order: 'DESC' as const }
    : { field: 'createdAt', order: 'DESC' as const };
  const bulk = queue.bulkActions.length > 0 && (canReject || queue.bulkActions.some((a) => a !== 'reject'));
  return (
    <List
      resource="loans"
      storeKey={`loans.${queue.path}`}
      filter={filter}
      filters={loanFilters(!queue.type)}
      sort={defaultSort}
      perPage={25}
      title={<Title title={`Loans · ${titleOf(queue)}`} />}
      exporter={false}
      actions={false}
      empty={false}
    >
      <Datagrid
        rowClick={(_id: Identifier, _resource: string, record: RaRecord) => `${queue.detail(record as unknown as Loan)}`}
        bulkActionButtons={bulk ? <BulkActions queue={queue} /> : false}
        data-testid={`queue-${queue.path}`}
        sx={{ '& .RaDatagrid-rowCell, & .RaDatagrid-headerCell': { whiteSpace: 'nowrap' } }}
      >
        <LoanIdField label="Loan" sortable={false} />
        <BorrowerField label="Borrower" sortable={false} />
        <LoanTypeField label="Type" sortBy="type" />
        <PrincipalField label="Principal" sortBy="amount" />
        <TenureField label="Tenure" sortBy="tenureMonths" />
        {queue.gate ? <GateField gate={queue.gate} label="Approved" sortBy={GATE_SORT[queue.gate]} /> : null}
        {queue.gate ? <StateField label="Now" sortBy="state" /> : null}
        {/* An approved list is the hand-over record: when the gate was passed and where the loan is now. */}
        {queue.gate ? null : <DateTimeField source="createdAt" label="Created" sortBy="createdAt" />}
        {queue.gate ? null : <DateTimeField source="updatedAt" label="Last move" sortBy="updatedAt" />}
      </Datagrid>
    </List>
  );
}
