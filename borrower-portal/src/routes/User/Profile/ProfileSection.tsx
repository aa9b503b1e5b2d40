import { getProfile } from '../../../api/auth';
import { Loading } from '../../../components/Loading';
import { useAsync } from '../../../components/useAsync';
import { ErrorView } from '../../../shell/ErrorView';
import { ProfileForm } from './ProfileForm';

export default function ProfileSection() {
  const profile = useAsync((signal) => getProfile(signal), []);
  if (profile.error) return <ErrorView status={profile.error.status} detail={profile.error.message} />;
  if (!profile.data) return <Loading />;
  return (
    <section className="card narrow" aria-labelledby="profile-heading">
      <h2 id="profile-heading">Profile</h2>
      <p className="muted">These details go on your loan agreement. Keep your mobile number current: we use it to reach you about your loan.</p>
      <ProfileForm profile={profile.data} onSaved={profile.setData} />
    </section>
  );
}
