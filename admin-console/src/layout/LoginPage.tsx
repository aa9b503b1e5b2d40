import { useLogin } from 'react-admin';
import { SignInForm } from './SignInForm';

/** react-admin's login route (a session that ended while the console was open): the sign-in form, then the dashboard. */
export function LoginPage() {
  const login = useLogin();
  return <SignInForm signIn={(email, password) => login({ email, password }, '/Dashboard')} />;
}
