import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ExternalLink } from '@lending/web-common/react';
import { EXTERNAL_URLS } from '../../../external-urls';
import { fetchAgreement } from '../../../api/loans';
import { Loading } from '../../../components/Loading';
import { rememberShownHash } from '../../../lending/agreement';
import { FormAlert } from '../../Auth/forms';

/** The agreement inline, as issued; its X-Document-SHA256 is remembered as the document to sign. */
export default function PdfDisplay() {
  const { id = '' } = useParams();
  const [doc, setDoc] = useState<{ url: string; hash: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    fetchAgreement(id).then(
      ({ blob, hash }) => {
        if (cancelled) return;
        rememberShownHash(id, hash);
        url = URL.createObjectURL(blob);
        setDoc({ url, hash });
      },
      (e: unknown) => !cancelled && setError((e as Error).message),
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  if (error) return <FormAlert message={error} />;
  if (!doc) return <Loading label="Opening the agreement…" />;
  return (
    <section className="pdf-view">
      <object data={doc.url} type="application/pdf" aria-label="Loan agreement">
        <div className="pdf-view__fallback">
          <p>This browser cannot show the agreement here.</p>
          <ExternalLink className="button button--ghost" href={doc.url} allow={EXTERNAL_URLS} target="_blank">
            Open the agreement
          </ExternalLink>
        </div>
      </object>
      <p className="muted small">
        Document fingerprint (SHA-256): <code data-testid="document-hash">{doc.hash}</code>
      </p>
    </section>
  );
}
