import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { downloadAgreement } from '../../../lending/agreement';
import { FormAlert } from '../../Auth/forms';

/** Downloads the agreement (?download=1) when opened, with a button to download it again. */
export default function PdfDownload() {
  const { id = '' } = useParams();
  const [file, setFile] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const download = () =>
    downloadAgreement(id).then(
      (name) => setFile(name),
      (e: unknown) => setError((e as Error).message),
    );
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void download();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  return (
    <section className="card">
      <FormAlert message={error} />
      <p>{file ? `Downloaded ${file}. Keep it for your records.` : 'Your download is starting…'}</p>
      <button type="button" className="button button--ghost button--small" onClick={() => void download()}>
        Download again
      </button>
    </section>
  );
}
