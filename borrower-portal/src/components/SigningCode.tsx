import { useId, useState } from 'react';
import type { SigningCodeSent as Sent } from '@lending/web-common/api';

/**
 * The e-sign one-time code: a button that has it sent by SMS to the registered phone (shown masked), then the
 * 6-digit field. Used by Step6 and the emailed link (/Eagreement).
 */
export function SigningCode({
  send,
  code,
  onCode,
  disabled,
}: {
  send(): Promise<Sent>;
  code: string;
  onCode(code: string): void;
  disabled?: boolean;
}) {
  const id = useId();
  const [sent, setSent] = useState<Sent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const request = async () => {
    setBusy(true);
    setError(null);
    try {
      setSent(await send());
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="signing-code">
      <p>
        <button type="button" className="button button--ghost" disabled={disabled || busy} onClick={() => void request()}>
          {sent ? 'Send a new code' : 'Send me a code by SMS'}
        </button>
      </p>
      {sent && (
        <p role="status" data-testid="code-sent">
          We sent a 6-digit code to {sent.phone}. It is valid for 5 minutes.
        </p>
      )}
      {error && <p role="alert">{error}</p>}
      {sent && (
        <p>
          <label htmlFor={id}>One-time code</label>
          <br />
          <input
            id={id}
            className="code-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            value={code}
            onChange={(e) => onCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          />
        </p>
      )}
    </div>
  );
}
