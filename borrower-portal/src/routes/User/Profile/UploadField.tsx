import { useId, useState, type ChangeEvent } from 'react';
import { ApiError } from '@lending/web-common/http';
import { uploadDocument, type DocumentKind, type UploadedDocument } from '../../../api/profile';

/** A file input that uploads at once (PDF, JPEG or PNG) and shows the server's verdict beside it. */
export function UploadField({
  kind,
  label,
  current,
  onUploaded,
  onRefused,
  accept = 'application/pdf,image/jpeg,image/png',
  hint = 'PDF, JPEG or PNG, at most 5 MB',
}: {
  kind: DocumentKind;
  label: string;
  current?: UploadedDocument;
  onUploaded(document: UploadedDocument): void;
  /** Told whether the last file chosen was refused (true) or taken (false), so the page does not say "saved" beside it. */
  onRefused?(refused: boolean): void;
  accept?: string;
  /** What the input takes, shown under it until a file is uploaded. */
  hint?: string;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const change = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    if (!file) return;
    setError(null);
    setBusy(true);
    try {
      const document = await uploadDocument(kind, file, file.name);
      onRefused?.(false);
      onUploaded(document);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
      onRefused?.(true);
    } finally {
      setBusy(false);
      e.target.value = '';
    }
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept={accept}
        onChange={(e) => void change(e)}
        disabled={busy}
        aria-invalid={!!error}
        aria-describedby={`${id}-msg`}
      />
      {error ? (
        <p id={`${id}-msg`} className="field__error" role="alert">
          {error}
        </p>
      ) : (
        <p id={`${id}-msg`} className="field__hint">
          {busy
            ? 'Uploading…'
            : current
              ? `Uploaded (${current.contentType.replace(/^.*\//, '').toUpperCase()}, ${Math.ceil(current.size / 1024)} kB)`
              : hint}
        </p>
      )}
    </div>
  );
}
