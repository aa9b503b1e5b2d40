import { useLocation } from 'react-router';
import { getSection, saveSection, type SectionName } from '../../../api/profile';
import { Loading } from '../../../components/Loading';
import { useAsync } from '../../../components/useAsync';
import { ErrorView } from '../../../shell/ErrorView';
import { useToast } from '../../../shell/Toasts';
import { SECTION_FIELDS } from './section-fields';
import { SectionForm } from './SectionForm';
import { SectionStatusNote } from './SectionStatusNote';
import { useSectionSaved } from './section-saved';

const INTRO: Partial<Record<SectionName, string>> = {
  address: 'Where you live now and your permanent address.',
  bank: 'The account your loan is paid into and repaid from. We store the number encrypted and show only its last four digits.',
  employment: 'Your employer and monthly take-home pay.',
  reference: 'Two people we may contact if we cannot reach you (not your own number).',
};

/** /User/Profile/{Address|Bank|Employment|Reference}: one section's form over GET and PUT /api/me/profile/{section}. */
export default function SectionPage() {
  const title = useLocation().pathname.split('/').pop() ?? '';
  const name = title.toLowerCase() as SectionName;
  const section = useAsync((signal) => getSection(name, signal), [name]);
  const toast = useToast();
  const sectionSaved = useSectionSaved();
  if (section.error) return <ErrorView status={section.error.status} detail={section.error.message} />;
  if (!section.data || section.data.section !== name) return <Loading />;
  return (
    <section className="card narrow" aria-labelledby="section-heading">
      <h2 id="section-heading">{title}</h2>
      <p className="muted">{INTRO[name]}</p>
      <SectionStatusNote section={section.data} />
      <SectionForm
        key={`${name}-${section.data.updatedAt ?? 'new'}`}
        fields={SECTION_FIELDS[name] ?? []}
        data={section.data.data}
        onSave={async (body) => {
          section.setData(await saveSection(name, body));
          sectionSaved();
          toast.success(`${title} saved.`);
        }}
      />
    </section>
  );
}
