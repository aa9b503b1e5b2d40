import LockIcon from '@mui/icons-material/Lock';
import { Alert, Avatar, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { signedOutNotice } from '../providers/session';

/**
 * The staff sign-in form, with a notice saying why they were signed out, if they were. `signIn` rejects with the
 * sentence to show. Imports no react-admin: the signed-out console (SignInScreen) renders it before react-admin loads.
 */
export function SignInForm({ signIn }: { signIn: (email: string, password: string) => Promise<void> }) {
  const [notice] = useState(signedOutNotice);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signIn(email.trim(), password);
    } catch (err) {
      setError((err as Error).message || 'Sign-in failed');
      setBusy(false);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Card sx={{ width: 380 }} component="main">
        <CardContent>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 2 }}>
            <Avatar sx={{ bgcolor: 'primary.main', mb: 1 }}>
              <LockIcon />
            </Avatar>
            <Typography variant="h5" component="h1">
              Lending admin
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Staff sign-in
            </Typography>
          </Box>
          {notice ? (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="signed-out-notice">
              {notice}
            </Alert>
          ) : null}
          <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
            <TextField label="Email" type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required autoFocus />
            <TextField label="Password" type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
            {error ? (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            ) : null}
            <Button type="submit" variant="contained" disabled={busy}>
              {busy ? 'Signing in…' : 'Sign in'}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
