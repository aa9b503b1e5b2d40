import DashboardIcon from '@mui/icons-material/Dashboard';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import GroupIcon from '@mui/icons-material/Group';
import LockIcon from '@mui/icons-material/Lock';
import PersonIcon from '@mui/icons-material/Person';
import { Badge, Collapse, List, ListItemButton, ListItemText, ListSubheader } from '@mui/material';
import { useState } from 'react';
import { Menu, useCanAccess, useSidebarState } from 'react-admin';
import { QUEUE_GROUPS, type Queue, type QueueGroup } from '../loans/queues';
import { useQueueCounts } from '../loans/useQueueCounts';

function QueueItem({ queue, count }: { queue: Queue; count: number | undefined }) {
  const [open] = useSidebarState();
  return (
    <Menu.Item
      to={`/Loan/${queue.path}`}
      primaryText={
        <span style={{ display: 'flex', justifyContent: 'space-between', width: '100%', gap: 8 }}>
          <span>{queue.label}</span>
          {count !== undefined && !queue.type ? <Badge badgeContent={count} max={9999} showZero color={count > 0 && !queue.gate ? 'primary' : 'default'} sx={{ mr: 1.5, '& .MuiBadge-badge': { position: 'static', transform: 'none' } }} data-testid={`count-${queue.path}`} /> : null}
        </span>
      }
      sx={{ pl: open ? 4 : 2, minHeight: 30, py: 0.25 }}
    />
  );
}

function StageGroup({ group, counts }: { group: QueueGroup; counts: Record<string, number> | undefined }) {
  const [expanded, setExpanded] = useState(true);
  return (
    <>
      <ListItemButton dense onClick={() => setExpanded((e) => !e)} aria-expanded={expanded} sx={{ py: 0 }}>
        <ListItemText primary={group.label} slotProps={{ primary: { variant: 'body2', fontWeight: 600 } }} />
        {expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={expanded} timeout="auto" unmountOnExit>
        <List dense disablePadding>
          {group.queues.map((queue) => (
            <QueueItem key={queue.path} queue={queue} count={counts?.[queue.apiQueue]} />
          ))}
        </List>
      </Collapse>
    </>
  );
}

/** The pipeline stages as groups with each queue's count, then staff administration, each as permissions allow. */
export function AdminMenu() {
  const { data: counts } = useQueueCounts();
  const { canAccess: canSeeLoans } = useCanAccess({ action: 'list', resource: 'loans' });
  const { canAccess: canSeeUsers } = useCanAccess({ action: 'list', resource: 'Users' });
  const [open] = useSidebarState();
  return (
    <Menu>
      <Menu.Item to="/Dashboard" primaryText="Dashboard" leftIcon={<DashboardIcon />} />
      {canSeeLoans ? (
        <nav aria-label="Loan pipeline">
          {open ? <ListSubheader sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>Loan pipeline</ListSubheader> : null}
          {QUEUE_GROUPS.map((group) => (
            <StageGroup key={group.label} group={group} counts={counts} />
          ))}
        </nav>
      ) : null}
      {open ? <ListSubheader sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>Staff</ListSubheader> : null}
      {canSeeUsers ? <Menu.Item to="/Users" primaryText="Users" leftIcon={<GroupIcon />} /> : null}
      {canSeeUsers ? <Menu.Item to="/Users/Permissions" primaryText="Roles & permissions" leftIcon={<LockIcon />} /> : null}
      <Menu.Item to="/Profile" primaryText="My profile" leftIcon={<PersonIcon />} />
    </Menu>
  );
}
