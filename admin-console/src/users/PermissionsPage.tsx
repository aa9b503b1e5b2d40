import DeleteIcon from '@mui/icons-material/Delete';
import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { Fragment, useState } from 'react';
import { Loading, Title, useCanAccess, useCreate, useDelete, useGetList, useNotify, useUpdate } from 'react-admin';
import type { PermissionInfo, Role } from '@lending/web-common/api';

/** The one role the server keeps fixed: it holds every permission by definition. */
const ADMINISTRATOR = 'administrator';

/** The permission column stays in view while the roles scroll under it. */
const STICKY = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  minWidth: 180,
  borderRight: 1,
  borderRightColor: 'divider',
} as const;

/** Permissions grouped as the catalogue groups them, in catalogue order. */
export function groupPermissions(permissions: PermissionInfo[]): [string, PermissionInfo[]][] {
  const groups = new Map<string, PermissionInfo[]>();
  for (const p of permissions) groups.set(p.group, [...(groups.get(p.group) ?? []), p]);
  return [...groups.entries()];
}

export function togglePermission(role: Pick<Role, 'permissions'>, permission: string): string[] {
  return role.permissions.includes(permission) ? role.permissions.filter((p) => p !== permission) : [...role.permissions, permission];
}

function NewRole() {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [create, { isPending }] = useCreate();
  const notify = useNotify();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    void create(
      'Roles',
      { data: { name: name.trim(), description: description.trim(), permissions: ['loans.view'] } },
      {
        onSuccess: () => {
          notify(`Role ${name.trim()} created`, { type: 'success' });
          setName('');
          setDescription('');
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );
  };
  return (
    <Box
      component="form"
      onSubmit={submit}
      sx={{ mt: 2, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '240px 1fr auto' }, gap: 1, alignItems: 'center' }}
    >
      <TextField size="small" label="New role" value={name} onChange={(e) => setName(e.target.value)} required />
      <TextField size="small" label="Description" value={description} onChange={(e) => setDescription(e.target.value)} />
      <Button type="submit" variant="outlined" disabled={isPending || name.trim().length === 0} sx={{ whiteSpace: 'nowrap' }}>
        Add role
      </Button>
    </Box>
  );
}

/** /Admin/Users/Permissions: roles as columns, permissions as rows; a tick grants. The built-in administrator holds all. */
export function PermissionsPage() {
  const roles = useGetList<Role>('Roles', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } });
  // Sorted by group: the server's sort is stable, so the catalogue's order holds within each group.
  const catalogue = useGetList<PermissionInfo & { id: string }>('Permissions', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'group', order: 'ASC' },
  });
  const { canAccess: canManage } = useCanAccess({ action: 'edit', resource: 'Roles' });
  const [update] = useUpdate<Role>();
  const [remove] = useDelete<Role>();
  const notify = useNotify();

  if (roles.isPending || catalogue.isPending) return <Loading />;
  const error = roles.error ?? catalogue.error;
  if (error || !roles.data || !catalogue.data)
    return (
      <Typography color="error" sx={{ p: 2 }}>
        {(error as Error | null)?.message ?? 'Could not load roles'}
      </Typography>
    );
  const allRoles = roles.data;

  const toggle = (role: Role, permission: string) =>
    update(
      'Roles',
      {
        id: role.id,
        data: { name: role.name, description: role.description, permissions: togglePermission(role, permission) },
        previousData: role,
      },
      { mutationMode: 'pessimistic', onError: (e) => notify((e as Error).message, { type: 'error' }) },
    );
  const drop = (role: Role) =>
    remove(
      'Roles',
      { id: role.id, previousData: role },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(`Role ${role.name} deleted`),
        onError: (e) => notify((e as Error).message, { type: 'error' }),
      },
    );

  return (
    <Box sx={{ py: 2 }}>
      <Title title="Roles and permissions" />
      <Card variant="outlined">
        <CardContent>
          {/* With more roles than the page is wide, the table scrolls inside its box (the page never sideways), the
              permission column staying in view; focusable so the keyboard can scroll it too. */}
          <Box
            role="region"
            aria-label="Roles and permissions, scrolls sideways"
            tabIndex={0}
            sx={{ overflowX: 'auto', maxWidth: '100%' }}
            data-testid="permissions-scroller"
          >
            <Table size="small" aria-label="Permissions by role">
              <TableHead>
                <TableRow>
                  <TableCell sx={STICKY}>Permission</TableCell>
                  {allRoles.map((role) => (
                    <TableCell key={role.id} align="center" sx={{ minWidth: 96, px: 1, verticalAlign: 'bottom' }}>
                      <Tooltip title={role.description || role.name}>
                        <span>
                          <strong>{role.name}</strong>
                          <Typography variant="caption" color="text.secondary" component="div">
                            {role.userCount} user{role.userCount === 1 ? '' : 's'}
                            {role.builtIn ? (
                              <Box component="span" sx={{ display: 'block' }}>
                                built-in
                              </Box>
                            ) : null}
                          </Typography>
                        </span>
                      </Tooltip>
                      {canManage && role.id !== ADMINISTRATOR ? (
                        <IconButton
                          size="small"
                          aria-label={`Delete role ${role.name}`}
                          onClick={() => drop(role)}
                          disabled={role.userCount > 0}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      ) : null}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {groupPermissions(catalogue.data).map(([group, permissions]) => (
                  <Fragment key={group}>
                    <TableRow>
                      <TableCell colSpan={allRoles.length + 1} sx={{ bgcolor: 'action.hover', fontWeight: 600 }}>
                        <Box component="span" sx={{ position: 'sticky', left: 16 }}>
                          {group}
                        </Box>
                      </TableCell>
                    </TableRow>
                    {permissions.map((p) => (
                      <TableRow key={p.id} hover>
                        <TableCell sx={STICKY}>
                          {p.label}
                          <Typography variant="caption" color="text.secondary" component="div" sx={{ fontFamily: 'monospace' }}>
                            {p.id}
                          </Typography>
                        </TableCell>
                        {allRoles.map((role) => (
                          <TableCell key={role.id} align="center" padding="checkbox">
                            <Checkbox
                              size="small"
                              checked={role.id === ADMINISTRATOR || role.permissions.includes(p.id)}
                              disabled={!canManage || role.id === ADMINISTRATOR}
                              onChange={() => toggle(role, p.id)}
                              slotProps={{ input: { 'aria-label': `${role.name}: ${p.id}` } }}
                            />
                          </TableCell>
                        ))}
                      </TableRow>
                    ))}
                  </Fragment>
                ))}
              </TableBody>
            </Table>
          </Box>
          {canManage ? <NewRole /> : null}
        </CardContent>
      </Card>
    </Box>
  );
}
