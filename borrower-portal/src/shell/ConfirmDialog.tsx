import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';

export type ConfirmOptions = {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  /** Ask for a written reason; the confirm button stays disabled until there is one. */
  reason?: { label: string; placeholder?: string };
};
export type ConfirmResult = { confirmed: boolean; reason?: string };
type Pending = ConfirmOptions & { resolve(result: ConfirmResult): void };

const ConfirmContext = createContext<((options: ConfirmOptions) => Promise<ConfirmResult>) | null>(null);

/** The one confirmation dialog, used before every destructive or binding step. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const confirm = useCallback(
    (options: ConfirmOptions) => new Promise<ConfirmResult>((resolve) => setPending({ ...options, resolve })),
    [],
  );
  const close = (result: ConfirmResult) => {
    pending?.resolve(result);
    setPending(null);
  };
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {pending && <Dialog options={pending} onClose={close} />}
    </ConfirmContext.Provider>
  );
}

function Dialog({ options, onClose }: { options: ConfirmOptions; onClose(result: ConfirmResult): void }) {
  const titleId = useId();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const first = useRef<HTMLTextAreaElement & HTMLButtonElement>(null);
  useEffect(() => {
    first.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose({ confirmed: false });
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  const missingReason = options.reason !== undefined && reason.trim() === '';
  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId}>{options.title}</h2>
        <div className="dialog__body">{options.message}</div>
        {options.reason && (
          <div className="field">
            <label htmlFor={reasonId}>{options.reason.label}</label>
            <textarea
              id={reasonId}
              ref={first}
              rows={3}
              maxLength={1000}
              value={reason}
              placeholder={options.reason.placeholder}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
        )}
        <div className="dialog__actions">
          <button
            type="button"
            className="button button--ghost"
            ref={options.reason ? undefined : first}
            onClick={() => onClose({ confirmed: false })}
          >
            {options.cancelLabel ?? 'Go back'}
          </button>
          <button
            type="button"
            className={`button ${options.danger ? 'button--danger' : 'button--primary'}`}
            disabled={missingReason}
            onClick={() => onClose({ confirmed: true, reason: options.reason ? reason.trim() : undefined })}
          >
            {options.confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}

export function useConfirm() {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a ConfirmProvider');
  return confirm;
}
