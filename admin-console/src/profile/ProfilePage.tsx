import { Alert, Box, Button, Card, CardContent, CardHeader, Chip, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Loading, Title, useDataProvider, useNotify } from 'react-admin';
import { forgetSignedInUser } from '../providers/authProvider';
import type { LendingDataProvider } from '../providers/dataProvider';

function Details() {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { data: me, isPending, error } = useQuery({ queryKey: ['profile'], queryFn: () => dataProvider.getProfile() });
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  useEffect(() => {
    if (me) {
      setName(me.name);
      setPhone(me.phone ?? '');
    }
  }, [me]);
  const save = useMutation({
    mutationFn: () => dataProvider.updateProfile({ name: name.trim(), ...(phone.trim() ? { phone: phone.trim() } : {}) }),
    onSuccess: (user) => {
      queryClient.setQueryData(['profile'], user);
      notify('Profile saved', { type: 'success' });
    },
  });
  if (isPending) return <Loading />;
  if (error || !me) return <Alert severity="error">{error?.message}</Alert>;
  return (
    <Card variant="outlined">
      <CardHeader title={me.name} subheader={me.email} slotProps={{ title: { variant: 'h6' } }} />
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ mb: 2 }} flexWrap="wrap" useFlexGap>
          <Chip label={me.roleName} color="primary" variant="outlined" />
          {me.permissions.map((p) => (
            <Chip key={p} label={p} size="small" />
          ))}
        </Stack>
        <Stack
          component="form"
          spacing={2}
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
          sx={{ maxWidth: 420 }}
        >
          <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} required />
          <TextField label="Phone" value={phone} onChange={(e) => setPhone(e.target.value)} />
          {save.error ? <Alert severity="error">{save.error.message}</Alert> : null}
          <Box>
            <Button type="submit" variant="contained" disabled={save.isPending || name.trim().length < 2}>
              Save
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

function Password() {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const change = useMutation({
    mutationFn: () => dataProvider.changePassword({ currentPassword, newPassword }),
    onSuccess: () => {
      setCurrent('');
      setNew('');
      notify('Password changed', { type: 'success' });
      // The default password warning (if it showed) goes away once the server no longer reports it.
      forgetSignedInUser();
      void queryClient.invalidateQueries({ queryKey: ['auth', 'getIdentity'] });
    },
  });
  return (
    <Card variant="outlined">
      <CardHeader title="Password" slotProps={{ title: { variant: 'h6' } }} />
      <CardContent>
        <Stack
          component="form"
          spacing={2}
          onSubmit={(e) => {
            e.preventDefault();
            change.mutate();
          }}
          sx={{ maxWidth: 420 }}
        >
          <TextField
            type="password"
            label="Current password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrent(e.target.value)}
            required
          />
          <TextField
            type="password"
            label="New password"
            autoComplete="new-password"
            helperText="At least 8 characters"
            value={newPassword}
            onChange={(e) => setNew(e.target.value)}
            required
          />
          {change.error ? <Alert severity="error">{change.error.message}</Alert> : null}
          <Box>
            <Button type="submit" variant="outlined" disabled={change.isPending || !currentPassword || newPassword.length < 8}>
              Change password
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** /Admin/Profile and /Admin/Users/Profile: the signed-in staff member's own details and password. */
export function ProfilePage() {
  return (
    <Box sx={{ py: 2, display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>
      <Title title="My profile" />
      <Details />
      <Password />
      <Typography variant="caption" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
        Your email and role are managed by an administrator.
      </Typography>
    </Box>
  );
}
