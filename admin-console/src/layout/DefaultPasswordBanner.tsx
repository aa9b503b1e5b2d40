import { Alert, Link } from '@mui/material';
import { useGetIdentity } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

/**
 * Development only (the server never reports it in production, where start-up refuses the default password): while
 * the first staff user still signs in with the default password, say so on every page, with the way to change it.
 */
export function DefaultPasswordBanner() {
  const { identity } = useGetIdentity();
  if (identity?.defaultPasswordInUse !== true) return null;
  return (
    <Alert severity="warning" data-testid="default-password-warning" sx={{ mb: 1, py: 0 }}>
      You are signed in with the default password (admin-password), which everyone can read in the documentation.{' '}
      <Link component={RouterLink} to="/Profile" color="inherit" sx={{ fontWeight: 600 }}>
        Change it on your profile
      </Link>
      .
    </Alert>
  );
}
