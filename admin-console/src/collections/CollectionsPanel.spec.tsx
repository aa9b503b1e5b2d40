import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Permissions } from '../permissions/canAccess';
import { fakeApi, fakeAuth, renderWithAdmin } from '../test/renderWithAdmin';
import { CollectionsPanel } from './CollectionsPanel';
import type { SettlementOffer, WriteOff } from './types';

const LOAN = 'loan-1';
const MAKER = 'staff-maker';
const CHECKER = 'staff-checker';

const pendingOffer: SettlementOffer = {
  id: 'offer-1',
  loanId: LOAN,
  amount: 30_000_00,
  validUntil: '2026-12-31',
  reason: 'Job loss',
  status: 'pending',
  offeredBy: MAKER,
  offeredAt: '2026-12-21T10:00:00Z',
  approvedBy: null,
  approvedAt: null,
  amountPaid: null,
  waived: null,
  settledOn: null,
  closedBy: null,
  closedAt: null,
  closeReason: null,
};

const noWriteOff: WriteOff = {
  loanId: LOAN,
  loanState: 'active',
  status: 'none',
  reason: null,
  requestedBy: null,
  requestedAt: null,
  approvedBy: null,
  approvedAt: null,
  outstanding: null,
  on: null,
  rejectedBy: null,
  rejectedAt: null,
  rejectReason: null,
  withdrawnBy: null,
  withdrawnAt: null,
};
const requested: WriteOff = {
  ...noWriteOff,
  status: 'requested',
  reason: 'Borrower unreachable',
  requestedBy: MAKER,
  requestedAt: '2026-12-21T10:00:00Z',
};

const delinquency = { loanId: LOAN, classification: 'SMA-0', dpd: 5, dpdOn: '2026-12-20', overdueSince: '2026-12-15', history: [] };
const CHECKER_PERMISSIONS: Permissions = [
  'loans.view',
  'collections.settle',
  'collections.settle.approve',
  'loans.write-off',
  'loans.write-off.approve',
];
const MAKER_PERMISSIONS: Permissions = ['loans.view', 'collections.settle', 'loans.write-off'];

/** The panel of an active loan, signed in as `me`, with the offers and write-off the fake API answers. */
function panel(
  me: string,
  permissions: Permissions,
  answers: { offers?: SettlementOffer[]; writeOff?: WriteOff; post?: Record<string, (body: unknown) => unknown> },
) {
  const { dataProvider, calls } = fakeApi({
    [`GET /api/admin/loans/${LOAN}/delinquency`]: () => delinquency,
    [`GET /api/admin/loans/${LOAN}/settlement-offers`]: () => answers.offers ?? [],
    [`GET /api/admin/loans/${LOAN}/write-off`]: () => answers.writeOff ?? noWriteOff,
    'GET /api/admin/business-date': () => ({ date: '2026-12-21', mode: 'manual' }),
    ...answers.post,
  });
  renderWithAdmin(<CollectionsPanel loanId={LOAN} state="active" currency="INR" outstandingTotal={50_000_00} />, {
    dataProvider,
    authProvider: fakeAuth(permissions, { id: me, fullName: me }),
  });
  return { posts: () => calls.filter((c) => c.method === 'POST') };
}

describe('the settlement panel', () => {
  it('lets the checker reject a pending offer only with a reason, after confirming', async () => {
    const { posts } = panel(CHECKER, CHECKER_PERMISSIONS, {
      offers: [pendingOffer],
      post: {
        'POST /api/admin/settlement-offers/offer-1/reject': () => ({
          ...pendingOffer,
          status: 'rejected',
          closedBy: CHECKER,
          closeReason: 'Too low',
        }),
      },
    });
    const open = await screen.findByTestId('settlement-open');
    expect(within(open).getByRole('button', { name: 'Approve offer' })).toBeInTheDocument();
    expect(within(open).queryByRole('button', { name: 'Withdraw offer' })).toBeNull();
    fireEvent.click(within(open).getByRole('button', { name: 'Reject offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject offer' });
    expect(dialog).toHaveTextContent('Reject this settlement offer?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject offer' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: '  Too low  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject offer' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({ path: '/api/admin/settlement-offers/offer-1/reject', body: { reason: 'Too low' } });
  });

  it('lets the maker withdraw their own pending offer (no approve or reject for them), after confirming', async () => {
    const { posts } = panel(MAKER, MAKER_PERMISSIONS, {
      offers: [pendingOffer],
      post: { 'POST /api/admin/settlement-offers/offer-1/withdraw': () => ({ ...pendingOffer, status: 'withdrawn', closedBy: MAKER }) },
    });
    const open = await screen.findByTestId('settlement-open');
    expect(within(open).queryByRole('button', { name: 'Approve offer' })).toBeNull();
    expect(within(open).queryByRole('button', { name: 'Reject offer' })).toBeNull();
    fireEvent.click(await within(open).findByRole('button', { name: 'Withdraw offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw offer' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts()).toHaveLength(0);
    fireEvent.click(within(open).getByRole('button', { name: 'Withdraw offer' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Withdraw offer' })).getByRole('button', { name: 'Withdraw offer' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.path).toBe('/api/admin/settlement-offers/offer-1/withdraw');
  });

  it('shows a staff member who neither made the offer nor may approve it no action on it', async () => {
    panel('staff-other', MAKER_PERMISSIONS, { offers: [pendingOffer] });
    const open = await screen.findByTestId('settlement-open');
    expect(open).toHaveTextContent('Waiting for approval');
    expect(within(open).queryAllByRole('button')).toHaveLength(0);
  });

  it('says why the last offer closed when it was rejected', async () => {
    panel(CHECKER, CHECKER_PERMISSIONS, {
      offers: [{ ...pendingOffer, status: 'rejected', closedBy: CHECKER, closedAt: '2026-12-22T09:00:00Z', closeReason: 'Too low' }],
    });
    expect(await screen.findByTestId('settlement-closed')).toHaveTextContent(/was rejected on .*: Too low/);
    expect(screen.getByRole('button', { name: 'Offer settlement' })).toBeInTheDocument();
  });
});

describe('the write-off panel', () => {
  it('lets the checker reject the request with a reason, after confirming', async () => {
    const { posts } = panel(CHECKER, CHECKER_PERMISSIONS, {
      writeOff: requested,
      post: {
        [`POST /api/admin/loans/${LOAN}/write-off/reject`]: () => ({
          ...requested,
          status: 'rejected',
          rejectedBy: CHECKER,
          rejectReason: 'Recovery likely',
        }),
      },
    });
    const alert = await screen.findByTestId('write-off-requested');
    expect(within(alert).getByRole('button', { name: 'Approve write-off' })).toBeInTheDocument();
    expect(within(alert).queryByRole('button', { name: 'Withdraw request' })).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Reject write-off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject write-off' });
    expect(dialog).toHaveTextContent('The loan stays active');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject write-off' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Recovery likely' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject write-off' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({ path: `/api/admin/loans/${LOAN}/write-off/reject`, body: { reason: 'Recovery likely' } });
  });

  it('lets the one who asked withdraw the request, and never approve or reject it', async () => {
    const { posts } = panel(MAKER, [...MAKER_PERMISSIONS, 'loans.write-off.approve'], {
      writeOff: requested,
      post: { [`POST /api/admin/loans/${LOAN}/write-off/withdraw`]: () => ({ ...requested, status: 'withdrawn', withdrawnBy: MAKER }) },
    });
    const alert = await screen.findByTestId('write-off-requested');
    expect(alert).toHaveTextContent('you asked for it');
    fireEvent.click(await within(alert).findByRole('button', { name: 'Withdraw request' }));
    expect(within(alert).queryByRole('button', { name: 'Approve write-off' })).toBeNull();
    expect(within(alert).queryByRole('button', { name: 'Reject write-off' })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw request' });
    expect(dialog).toHaveTextContent('Withdraw your write-off request?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw request' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.path).toBe(`/api/admin/loans/${LOAN}/write-off/withdraw`);
  });

  it('says the last request was withdrawn and offers a new one', async () => {
    panel(MAKER, MAKER_PERMISSIONS, {
      writeOff: { ...requested, status: 'withdrawn', withdrawnBy: MAKER, withdrawnAt: '2026-12-22T09:00:00Z' },
    });
    expect(await screen.findByTestId('write-off-closed')).toHaveTextContent('withdrawn by the one who asked');
    expect(screen.getByRole('button', { name: 'Request write-off' })).toBeInTheDocument();
  });
});
