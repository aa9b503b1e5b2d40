import { Link } from 'react-router';
import { ApiError } from '@lending/web-common/http';
import { QuickStartFrame, type AnyPage } from './Frame';

export const isSignInInstead = (error: unknown) => error instanceof ApiError && error.type === 'sign-in-instead';

/** The proven phone already has an account: sign in and apply from there. */
export function SignInInstead({ page }: { page: AnyPage }) {
  return (
    <QuickStartFrame page={page} title="You already have an account">
      <p role="status">This mobile number already has an account with us. Sign in to continue your application.</p>
      <p>
        <Link className="button button--primary button--block" to="/Auth/Login">
          Sign in
        </Link>
      </p>
      <p className="muted small">
        Forgot your password? <Link to="/Auth/ForgotPassword">Reset it</Link>.
      </p>
    </QuickStartFrame>
  );
}
