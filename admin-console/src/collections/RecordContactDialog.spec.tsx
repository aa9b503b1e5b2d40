import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, fakeAuth } from '../test/renderWithAdmin';
import { RecordContactDialog } from './RecordContactDialog';

/** The dialog alone, choosing "Promised to pay" (inputs driven by events: typing re-renders, slow under load). */
async function promiseDialog(routes: Parameters<typeof fakeApi>[0]) {
  const { dataProvider, calls } = fakeApi(routes);
  const onDone = vi.fn();
  render(
    <AdminContext dataProvider={dataProvider} authProvider={fakeAuth(['collections.view'])}>
      <RecordContactDialog loanId="loan-1" borrowerName="Meera Pillai" today="2026-11-23" onClose={() => undefined} onDone={onDone} />
    </AdminContext>,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Record contact with Meera Pillai' });
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Outcome/ }));
  fireEvent.click(await screen.findByRole('option', { name: 'Promised to pay' }));
  return { dialog, calls, onDone };
}

describe('"Record contact"', () => {
  it('asks for the promised date before sending anything', async () => {
    const { dialog, calls } = await promiseDialog({});
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record contact' }));
    expect(await within(dialog).findByText('A promise to pay needs the date promised.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the server’s field problem under its input and its sentence', async () => {
    const { dialog } = await promiseDialog({
      'POST /api/admin/loans/loan-1/contacts': () => {
        throw new HttpError('Check the highlighted fields.', 400, {
          fields: [{ name: 'promiseToPayOn', message: 'The promised date is too far ahead.' }],
        });
      },
    });
    fireEvent.change(within(dialog).getByLabelText(/Promised to pay on/), { target: { value: '2027-06-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record contact' }));
    expect(await within(dialog).findByText('The promised date is too far ahead.')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Check the highlighted fields.');
  });

  it('records a promise to pay with its date', async () => {
    const { dialog, calls, onDone } = await promiseDialog({ 'POST /api/admin/loans/loan-1/contacts': () => ({ id: 'c2' }) });
    fireEvent.change(within(dialog).getByLabelText(/Promised to pay on/), { target: { value: '2026-11-25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record contact' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      channel: 'call',
      outcome: 'promised-to-pay',
      promiseToPayOn: '2026-11-25',
    });
  });
});
