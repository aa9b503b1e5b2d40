import { Card, CardContent, Typography } from '@mui/material';
import { Edit, SaveButton, SimpleForm, Toolbar, TopToolbar, useCanAccess, useRecordContext } from 'react-admin';
import { formatDateTime } from '@lending/web-common/format';
import { ReloadDeviceButton } from './ReloadDeviceButton';
import type { StaffUser } from '@lending/web-common/api';
import { OnlineField } from './UserFields';
import { UserInputs } from './UserInputs';
import { PRESENCE_REFRESH_MS } from './UserList';

function Presence() {
  const user = useRecordContext<StaffUser>();
  if (!user) return null;
  return (
    <Card variant="outlined" sx={{ ml: { md: 2 }, mt: { xs: 2, md: 0 }, minWidth: 260 }}>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          Presence
        </Typography>
        <OnlineField />
        <Typography variant="body2" sx={{ mt: 1 }}>
          Last seen: {user.online ? 'now' : formatDateTime(user.lastSeenAt)}
        </Typography>
        <Typography variant="body2">Device: {user.device ?? '—'}</Typography>
        <Typography variant="body2">Role: {user.roleName}</Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          Member since {formatDateTime(user.createdAt)}
        </Typography>
        <ReloadDeviceButton />
      </CardContent>
    </Card>
  );
}

function FormToolbar() {
  const { canAccess } = useCanAccess({ action: 'edit', resource: 'Users' });
  return <Toolbar>{canAccess ? <SaveButton /> : null}</Toolbar>;
}

/** /Admin/Users/{id}: edit a staff user (disable by status), see presence, reload their device. */
export function UserEdit() {
  return (
    <Edit
      queryOptions={{ refetchInterval: PRESENCE_REFRESH_MS }}
      mutationMode="pessimistic"
      redirect={false}
      actions={<TopToolbar />}
      aside={<Presence />}
      transform={({ name, phone, roleId, status }: Partial<StaffUser>) => ({ name, phone: phone || null, roleId, status })}
      sx={{ '& .RaEdit-main': { flexDirection: { xs: 'column', md: 'row' } } }}
    >
      <SimpleForm toolbar={<FormToolbar />} sx={{ maxWidth: 560 }}>
        <UserInputs />
      </SimpleForm>
    </Edit>
  );
}
