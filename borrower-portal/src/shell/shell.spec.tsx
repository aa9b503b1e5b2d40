import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider, useConfirm, type ConfirmResult } from './ConfirmDialog';
import { ErrorView } from './ErrorView';
import { ToastProvider, useToast } from './Toasts';

afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  function Trigger() {
    const toast = useToast();
    return <button onClick={() => toast.error('Could not save')}>go</button>;
  }
  it('show top-right by default and can be dismissed', () => {
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('go'));
    expect(screen.getByTestId('toasts')).toHaveClass('toasts--top-right');
    expect(screen.getByRole('alert')).toHaveTextContent('Could not save');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the confirmation dialog', () => {
  function Asker({ onResult, reason }: { onResult(r: ConfirmResult): void; reason?: boolean }) {
    const confirm = useConfirm();
    return (
      <button
        onClick={() =>
          void confirm({
            title: 'Cancel this application?',
            message: 'It stops here.',
            confirmLabel: 'Yes, cancel',
            ...(reason ? { reason: { label: 'Why?' } } : {}),
          }).then(onResult)
        }
      >
        ask
      </button>
    );
  }

  it('answers false when the user goes back', async () => {
    const onResult = vi.fn();
    render(
      <ConfirmProvider>
        <Asker onResult={onResult} />
      </ConfirmProvider>,
    );
    fireEvent.click(screen.getByText('ask'));
    expect(screen.getByRole('dialog', { name: 'Cancel this application?' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Go back' }));
    await vi.waitFor(() => expect(onResult).toHaveBeenCalledWith({ confirmed: false }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('requires a reason when asked for one', async () => {
    const onResult = vi.fn();
    render(
      <ConfirmProvider>
        <Asker onResult={onResult} reason />
      </ConfirmProvider>,
    );
    fireEvent.click(screen.getByText('ask'));
    const confirm = screen.getByRole('button', { name: 'Yes, cancel' });
    expect(confirm).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Why?'), { target: { value: '  found a cheaper loan ' } });
    fireEvent.click(confirm);
    await vi.waitFor(() => expect(onResult).toHaveBeenCalledWith({ confirmed: true, reason: 'found a cheaper loan' }));
  });
});

describe('the error view', () => {
  it('prints the detail for a 500', () => {
    render(
      <MemoryRouter>
        <ErrorView status={500} detail="TypeError: x is undefined" />
      </MemoryRouter>,
    );
    expect(screen.getByText('TypeError: x is undefined')).toBeInTheDocument();
  });

  it('keeps the detail to itself for any other status', () => {
    render(
      <MemoryRouter>
        <ErrorView status={403} detail="role borrower may not use /api/admin" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading')).toHaveTextContent('This page is not available to you');
    expect(screen.queryByText(/role borrower/)).toBeNull();
  });
});
