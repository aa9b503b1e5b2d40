import { getProfile } from '../../../api/auth';
import { getSection, saveSection } from '../../../api/profile';
import { useToast } from '../../../shell/Toasts';
import { SECTION_FIELDS } from './section-fields';
import { SectionForm } from './SectionForm';
import { SectionStatusNote } from './SectionStatusNote';
import { Loading } from '../../../components/Loading';
import { useAsync } from '../../../components/useAsync';
import { ErrorView } from '../../../shell/ErrorView';
import { EmailVerification } from './EmailVerification';
import { ProfileForm } from './ProfileForm';
import { useSectionSaved } from './section-saved';

export default function ProfileSection() {
  const profile = useAsync((signal) => getProfile(signal), []);
  const personal = useAsync((signal) => getSection('profile', signal), []);
  const toast = useToast();
  const sectionSaved = useSectionSaved();
  const failed = profile.error ?? personal.error;
  if (failed) return <ErrorView status={failed.status} detail={failed.message} />;
  if (!profile.data || !personal.data) return <Loading />;
  return (
    <section className="card narrow" aria-labelledby="profile-heading">
      <h2 id="profile-heading">Profile</h2>
      <p className="muted">
        These details go on your loan agreement. Keep your mobile number current: we use it to reach you about your loan.
      </p>
      <ProfileForm profile={profile.data} onSaved={profile.setData} />
      <EmailVerification profile={profile.data} onVerified={profile.setData} />
      <h3>Personal details</h3>
      <SectionStatusNote section={personal.data} />
      <SectionForm
        key={personal.data.updatedAt ?? 'new'}
        fields={SECTION_FIELDS.profile ?? []}
        data={personal.data.data}
        submitLabel="Save personal details"
        onSave={async (body) => {
          personal.setData(await saveSection('profile', body));
          sectionSaved();
          toast.success('Personal details saved.');
        }}
      />
    </section>
  );
}
