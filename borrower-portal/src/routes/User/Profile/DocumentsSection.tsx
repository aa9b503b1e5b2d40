import { useEffect, useState, type FormEvent } from 'react';
import { getSection, listDocuments, saveSection, type DocumentKind, type Section, type UploadedDocument } from '../../../api/profile';
import { Loading } from '../../../components/Loading';
import { useAsync } from '../../../components/useAsync';
import { ErrorView } from '../../../shell/ErrorView';
import { useToast } from '../../../shell/Toasts';
import { Field, FormAlert, useSubmit } from '../../Auth/forms';
import { SectionStatusNote } from './SectionStatusNote';
import { UploadField } from './UploadField';
import { useSectionSaved, useUploadRefused } from './section-saved';

type Loaded = { section: Section; documents: UploadedDocument[] };

const DOCUMENT_NAMES: Record<DocumentKind, string> = {
  identityProof: 'identity proof',
  addressProof: 'address proof',
  salarySlip: 'salary slip',
  bankStatement: 'bank statement',
  selfie: 'photo',
};

const latest = (documents: UploadedDocument[], kinds: string[]) => documents.find((d) => kinds.includes(d.kind));

/** /User/Profile/Documents: PAN, the last four digits of Aadhaar, and the proofs uploaded through the API. */
export default function DocumentsSection() {
  const loaded = useAsync<Loaded>(
    async (signal) => ({ section: await getSection('documents', signal), documents: await listDocuments(signal) }),
    [],
  );
  if (loaded.error) return <ErrorView status={loaded.error.status} detail={loaded.error.message} />;
  if (!loaded.data) return <Loading />;
  return <DocumentsForm initial={loaded.data} />;
}

function DocumentsForm({ initial }: { initial: Loaded }) {
  const [section, setSection] = useState(initial.section);
  const [documents, setDocuments] = useState(initial.documents);
  const { errors, busy, run } = useSubmit();
  const toast = useToast();
  const sectionSaved = useSectionSaved();
  const uploadRefused = useUploadRefused();
  // The uploads just refused: the page does not say "saved" beside them.
  const [refused, setRefused] = useState<DocumentKind[]>([]);
  useEffect(() => uploadRefused(refused.length > 0), [refused, uploadRefused]);
  const upload = (kind: DocumentKind, label: string) => (
    <UploadField
      kind={kind}
      label={label}
      current={latest(documents, [kind])}
      onUploaded={added}
      onRefused={(no) => setRefused((all) => [...all.filter((k) => k !== kind), ...(no ? [kind] : [])])}
    />
  );
  const data = section.data ?? {};
  const added = (document: UploadedDocument) => setDocuments((all) => [document, ...all]);
  const identity = latest(documents, ['identityProof']);
  const address = latest(documents, ['addressProof']);
  const income = documents.filter((d) => d.kind === 'salarySlip' || d.kind === 'bankStatement');
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    void run(async () => {
      setSection(
        await saveSection('documents', {
          pan: String(form.get('pan') ?? '').trim(),
          aadhaarLast4: String(form.get('aadhaarLast4') ?? '').trim(),
          identityProofId: identity?.id ?? '',
          addressProofId: address?.id ?? '',
          incomeProofIds: income.map((d) => d.id).slice(0, 12),
        }),
      );
      sectionSaved();
      toast.success('Documents saved.');
    });
  };
  return (
    <section className="card narrow" aria-labelledby="documents-heading">
      <h2 id="documents-heading">Documents</h2>
      <p className="muted">
        Files are checked by their content: PDF, JPEG or PNG only. They are never public; only you and our staff can open them.
      </p>
      <SectionStatusNote section={section} refused={refused.map((kind) => DOCUMENT_NAMES[kind])} />
      {upload('identityProof', 'Identity proof (PAN card, passport)')}
      {errors.fields.identityProofId ? <p className="field__error">{errors.fields.identityProofId}</p> : null}
      {upload('addressProof', 'Address proof (utility bill, rent agreement)')}
      {errors.fields.addressProofId ? <p className="field__error">{errors.fields.addressProofId}</p> : null}
      {upload('salarySlip', 'Income proof: salary slip')}
      {upload('bankStatement', 'Income proof: bank statement')}
      {errors.fields.incomeProofIds ? <p className="field__error">{errors.fields.incomeProofIds}</p> : null}
      <form className="profile-form" onSubmit={submit} noValidate>
        <FormAlert message={errors.form} />
        <Field
          label="PAN"
          name="pan"
          defaultValue={String(data.pan ?? '')}
          error={errors.fields.pan}
          hint="e.g. ABCDE1234F"
          autoCapitalize="characters"
        />
        <Field
          label="Aadhaar: last 4 digits only"
          name="aadhaarLast4"
          inputMode="numeric"
          maxLength={4}
          defaultValue={String(data.aadhaarLast4 ?? '')}
          error={errors.fields.aadhaarLast4}
          hint="Never enter the whole number"
        />
        <button className="button button--primary" type="submit" disabled={busy}>
          Save documents
        </button>
      </form>
    </section>
  );
}
