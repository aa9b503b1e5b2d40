import { Box, Collapse, MenuItem, useMediaQuery, type Theme } from '@mui/material';
import { useContext, useId, useMemo, useState, type ReactNode } from 'react';
import { Menu, useSidebarState } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { QUEUE_GROUPS, type Queue, type QueueGroup } from '../loans/queues';
import { useQueueCounts } from '../loans/useQueueCounts';
import { useAccess } from '../permissions/useAccess';
import { BUCKET_SPECS, COLLECTION_PAGES, WORK_BUCKETS, bucketCount, listPath, type Bucket } from '../collections/buckets';
import { useBucketCounts } from '../collections/useCollections';
import { menuStyles } from './menu-styles';
import {
  categoryIcon,
  contactPhoneIcon,
  dashboardIcon,
  descriptionIcon,
  emailIcon,
  expandLessIcon,
  expandMoreIcon,
  groupIcon,
  lockIcon,
  mailOutlineIcon,
  paymentsIcon,
  peopleIcon,
  personIcon,
  personSearchIcon,
  phoneInTalkIcon,
  placeIcon,
  savingsIcon,
  smsIcon,
  supportAgentIcon,
  viewCarouselIcon,
  whatsAppIcon,
} from './menu-icons';
import { MenuLink, MenuStateContext, type MenuState } from './MenuLink';

/*
 * Accessibility (WCAG 2 A/AA, checked by axe-core in e2e/accessibility.e2e.ts): react-admin's <Menu> is a MUI
 * MenuList (role=menu), every entry a link with role=menuitem (MenuLink, as react-admin's <Menu.Item> rendered it) and
 * every stage toggle a MUI MenuItem (role=menuitem). So everything inside the menu is a
 * menuitem or a role=group of menuitems, labelled; no <ul>/<li>/<nav> in between (a list holding menuitems, or a
 * menuitem whose nearest role is a list, is what axe refused). The visible section titles are decoration
 * (aria-hidden): the groups carry the same words as their accessible names, also when the sidebar is collapsed.
 */

/**
 * A count in the menu: white on the theme's primary colour when work is waiting (5.8:1; react-admin's #1976d2 was
 * 4.6:1), else plain secondary text (5.7:1 on white). The elements and classes of MUI's `<Badge showZero max={9999}>`
 * as it was used here (placed in line), styled by the menu (menu-styles.ts).
 */
function CountBadge({ count, waiting, testId }: { count: number; waiting: boolean; testId: string }) {
  return (
    <span className="MuiBadge-root console-menu-count" data-testid={testId}>
      <span className={`MuiBadge-badge MuiBadge-standard${waiting ? ' MuiBadge-colorPrimary' : ''}`}>{count > 9999 ? '9999+' : count}</span>
    </span>
  );
}

/** A nested entry of the menu with its count on the right. */
function CountedItem({ to, label, badge }: { to: string; label: string; badge: ReactNode }) {
  const { sidebarOpen } = useContext(MenuStateContext);
  return (
    <MenuLink
      dense
      to={to}
      primaryText={
        <span style={{ display: 'flex', justifyContent: 'space-between', width: '100%', gap: 8 }}>
          <span>{label}</span>
          {badge}
        </span>
      }
      style={{ paddingLeft: sidebarOpen ? 32 : 16 }}
    />
  );
}

function QueueItem({ queue, count }: { queue: Queue; count: number | undefined }) {
  const badge =
    count !== undefined && !queue.type ? (
      <CountBadge count={count} waiting={count > 0 && !queue.gate} testId={`count-${queue.path}`} />
    ) : null;
  return <CountedItem to={`/Loan/${queue.path}`} label={queue.label} badge={badge} />;
}

/** A collection bucket's list with its count (highlighted where the bucket is work waiting). */
function BucketItem({ bucket, counts }: { bucket: Bucket; counts: Record<string, number | undefined> | undefined }) {
  const count = bucketCount(counts, bucket);
  const badge =
    count !== undefined ? (
      <CountBadge count={count} waiting={count > 0 && WORK_BUCKETS.has(bucket)} testId={`count-collection-${bucket}`} />
    ) : null;
  return <CountedItem to={listPath(bucket)} label={BUCKET_SPECS[bucket].label} badge={badge} />;
}

/** A section of the menu: a labelled group of menu items, its title shown while the sidebar is open. */
function MenuSection({ label, children }: { label: string; children: ReactNode }) {
  const { sidebarOpen } = useContext(MenuStateContext);
  return (
    <div className="MuiBox-root" role="group" aria-label={label}>
      {sidebarOpen ? (
        <p aria-hidden className="MuiTypography-root MuiTypography-body2 console-menu-section">
          {label}
        </p>
      ) : null}
      {children}
    </div>
  );
}

function StageGroup({ group, counts }: { group: QueueGroup; counts: Record<string, number> | undefined }) {
  const [expanded, setExpanded] = useState(true);
  const id = useId();
  return (
    <div className="MuiBox-root" role="group" aria-labelledby={`${id}-toggle`}>
      <MenuItem
        id={`${id}-toggle`}
        dense
        onClick={() => setExpanded((e) => !e)}
        aria-expanded={expanded}
        aria-controls={`${id}-queues`}
        sx={{ py: 0.25, minHeight: 28, justifyContent: 'space-between' }}
      >
        <p className="MuiTypography-root MuiTypography-body2 console-menu-stage">{group.label}</p>
        {expanded ? expandLessIcon : expandMoreIcon}
      </MenuItem>
      <Collapse in={expanded} timeout="auto" unmountOnExit id={`${id}-queues`}>
        {group.queues.map((queue) => (
          <QueueItem key={queue.path} queue={queue} count={counts?.[queue.apiQueue]} />
        ))}
      </Collapse>
    </div>
  );
}

/** The pipeline stages as groups with each queue's count, then staff administration, each as permissions allow. */
export function AdminMenu() {
  const { data: counts } = useQueueCounts();
  const canSeeLoans = useAccess('list', 'loans');
  const canSeeUsers = useAccess('list', 'Users');
  const canSeePayments = useAccess('list', 'Payments');
  const canSeeBooks = useAccess('list', 'JournalEntries');
  const canSeeEmails = useAccess('list', 'Emails');
  const canEditTemplates = useAccess('list', 'EmailTemplates');
  const canEditBanners = useAccess('list', 'Banners');
  const canWorkIssues = useAccess('list', 'Issues');
  const canSeeGrievances = useAccess('list', 'grievances');
  const canReportToBureau = useAccess('list', 'BureauRuns');
  const canWhatsapp = useAccess('list', 'whatsapp');
  const canSeeIvr = useAccess('list', 'IvrStatus');
  const canDial = useAccess('list', 'Dialer');
  const canSeeLeads = useAccess('list', 'Leads');
  const canWorkLeads = useAccess('list', 'agentLeads');
  const canSeeCustomers = useAccess('list', 'Customers');
  const canReviewPhones = useAccess('list', 'PhoneCollisions');
  const canSeeErasures = useAccess('list', 'ErasureRequests');
  const canSeeSms = useAccess('list', 'Sms');
  const canSeeCollections = useAccess('list', 'Collections');
  const { data: bucketCounts } = useBucketCounts();
  const [sidebarOpen, setSidebarOpen] = useSidebarState();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const { pathname } = useLocation();
  const menuState = useMemo<MenuState>(
    () => ({ sidebarOpen, pathname, onNavigate: () => (isSmall ? setSidebarOpen(false) : undefined) }),
    [sidebarOpen, pathname, isSmall, setSidebarOpen],
  );
  return (
    <Box component="nav" aria-label="Main menu" sx={menuStyles}>
      <MenuStateContext.Provider value={menuState}>
        <Menu aria-label="Main menu">
          <MenuLink to="/Dashboard" primaryText="Dashboard" leftIcon={dashboardIcon} />
          {canSeeLoans ? (
            <MenuSection label="Loan pipeline">
              {QUEUE_GROUPS.map((group) => (
                <StageGroup key={group.label} group={group} counts={counts} />
              ))}
              <MenuLink to="/LoanAgreements" primaryText="Loan agreements" leftIcon={descriptionIcon} />
              <MenuLink to="/Products" primaryText="Loan products" leftIcon={categoryIcon} />
            </MenuSection>
          ) : null}
          {canSeeCollections ? (
            <MenuSection label="Collections">
              <MenuLink to="/Collections" primaryText="All collections" leftIcon={savingsIcon} />
              <BucketItem bucket="Overdue" counts={bucketCounts} />
              {COLLECTION_PAGES.map((bucket) => (
                <BucketItem key={bucket} bucket={bucket} counts={bucketCounts} />
              ))}
            </MenuSection>
          ) : null}
          {canWhatsapp || canSeeIvr || canDial ? (
            <MenuSection label="Channels">
              {canDial ? <MenuLink to="/Dialer" primaryText="Dialer" leftIcon={phoneInTalkIcon} /> : null}
              {canSeeIvr ? <MenuLink to="/IvrStatus" primaryText="IVR status" leftIcon={supportAgentIcon} /> : null}
              {canWhatsapp ? <MenuLink to="/whatsapp" primaryText="WhatsApp" leftIcon={whatsAppIcon} /> : null}
            </MenuSection>
          ) : null}
          {canSeePayments ? (
            <MenuSection label="Servicing">
              <MenuLink to="/Payments" primaryText="Payments" leftIcon={paymentsIcon} />
              <MenuLink to="/Mandates" primaryText="Mandates" leftIcon={paymentsIcon} />
              <MenuLink to="/MandatePresentations" primaryText="Presentations" leftIcon={paymentsIcon} />
              {canSeeCollections ? <MenuLink to="/MandateBounces" primaryText="Bounced" leftIcon={paymentsIcon} /> : null}
            </MenuSection>
          ) : null}
          {canSeeBooks ? (
            <MenuSection label="Accounting">
              <MenuLink to="/Accounts" primaryText="Chart of accounts" leftIcon={descriptionIcon} />
              <MenuLink to="/JournalEntries" primaryText="Journal entries" leftIcon={descriptionIcon} />
              <MenuLink to="/TrialBalance" primaryText="Trial balance" leftIcon={descriptionIcon} />
              <MenuLink to="/Reconciliation" primaryText="Reconciliation" leftIcon={descriptionIcon} />
              <MenuLink to="/ManualEntries" primaryText="Manual entries" leftIcon={descriptionIcon} />
              <MenuLink to="/Periods" primaryText="Periods" leftIcon={descriptionIcon} />
            </MenuSection>
          ) : null}
          {canSeeCustomers || canReviewPhones || canSeeErasures ? (
            <MenuSection label="Customers">
              {canSeeCustomers ? <MenuLink to="/Customers" primaryText="Customers" leftIcon={peopleIcon} /> : null}
              {canReviewPhones ? <MenuLink to="/PhoneCollisions" primaryText="Phones to review" leftIcon={contactPhoneIcon} /> : null}
              {canSeeErasures ? <MenuLink to="/ErasureRequests" primaryText="Erasure requests" leftIcon={lockIcon} /> : null}
            </MenuSection>
          ) : null}
          {canSeeLeads || canWorkLeads ? (
            <MenuSection label="Leads">
              {canSeeLeads ? <MenuLink to="/Leads" primaryText="Leads" leftIcon={personSearchIcon} /> : null}
              {canWorkLeads ? <MenuLink to="/agentLeads" primaryText="My leads" leftIcon={contactPhoneIcon} /> : null}
            </MenuSection>
          ) : null}
          {canSeeEmails || canEditTemplates || canEditBanners || canSeeSms ? (
            <MenuSection label="Communication">
              {canSeeEmails ? <MenuLink to="/Emails" primaryText="Emails" leftIcon={emailIcon} /> : null}
              {canEditTemplates ? <MenuLink to="/EmailTemplates" primaryText="Email templates" leftIcon={mailOutlineIcon} /> : null}
              {canEditBanners ? <MenuLink to="/Banners" primaryText="Banners" leftIcon={viewCarouselIcon} /> : null}
              {canSeeSms ? <MenuLink to="/Sms" primaryText="SMS log" leftIcon={smsIcon} /> : null}
              {canEditBanners ? <MenuLink to="/StatePages" primaryText="State pages" leftIcon={placeIcon} /> : null}
            </MenuSection>
          ) : null}
          {canWorkIssues || canSeeGrievances ? (
            <MenuSection label="Support">
              {canWorkIssues ? <MenuLink to="/Issues" primaryText="Issues" leftIcon={supportAgentIcon} /> : null}
              {canSeeGrievances ? <MenuLink to="/Grievances" primaryText="Grievance report" leftIcon={supportAgentIcon} /> : null}
            </MenuSection>
          ) : null}
          {canReportToBureau ? (
            <MenuSection label="Compliance">
              <MenuLink to="/BureauRuns" primaryText="Bureau reporting" leftIcon={descriptionIcon} />
            </MenuSection>
          ) : null}
          <MenuSection label="Staff">
            {canSeeUsers ? <MenuLink to="/Users" primaryText="Users" leftIcon={groupIcon} /> : null}
            {canSeeUsers ? <MenuLink to="/Users/Permissions" primaryText="Roles & permissions" leftIcon={lockIcon} /> : null}
            <MenuLink to="/Profile" primaryText="My profile" leftIcon={personIcon} />
          </MenuSection>
        </Menu>
      </MenuStateContext.Provider>
    </Box>
  );
}
