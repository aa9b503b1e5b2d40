import { formatDateTime, formatMoney } from '@lending/web-common/format';
import type { AdminCustomer, CustomerDocument, CustomerSection } from '@lending/web-common/api';
import { Alert, Box, Button, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useCanAccess } from 'react-admin';
import { DocumentViewer } from './DocumentViewer';
import { SectionVerdictDialog } from './SectionVerdictDialog';
import { SECTION_LABELS, STATUS_LABELS, documentKindLabel, sectionActions, sectionContent } from './review';

const STATUS_COLORS: Record<CustomerSection['status'], 'default' | 'info' | 'success' | 'error'> = {
  missing: 'default',
  complete: 'info',
  verified: 'success',
  rejected: 'error',
};

type Viewing = { document: CustomerDocument; label: string } | null;

function SectionCard({
  customer,
  section,
  canVerify,
  onView,
  onChanged,
}: {
  customer: AdminCustomer;
  section: CustomerSection;
  canVerify: boolean;
  onView: (v: Viewing) => void;
  onChanged: () => void;
}) {
  const [verdict, setVerdict] = useState<'verified' | 'rejected' | null>(null);
  const label = SECTION_LABELS[section.section];
  const content = sectionContent(section, customer.documents, (minor) => formatMoney(minor, customer.currency));
  const actions = sectionActions(section.status, canVerify);
  const headingId = `section-${section.section}`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={headingId} data-testid={`section-${section.section}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Chip
          size="small"
          label={STATUS_LABELS[section.status]}
          color={STATUS_COLORS[section.status]}
          variant={section.status === 'complete' ? 'outlined' : 'filled'}
        />
        <Box sx={{ flex: 1 }} />
        {actions.verify ? (
          <Button size="small" variant="outlined" onClick={() => setVerdict('verified')}>
            Verify
          </Button>
        ) : null}
        {actions.reject ? (
          <Button size="small" color="error" onClick={() => setVerdict('rejected')}>
            Reject
          </Button>
        ) : null}
      </Stack>
      {section.status === 'missing' ? <Typography color="text.secondary">Not filled in yet.</Typography> : null}
      {section.status === 'rejected' && section.reason ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          Rejected: {section.reason}
        </Alert>
      ) : null}
      {content.lines.length > 0 ? (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
          {content.lines.map((line) => (
            <Box key={line.label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {line.label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {line.value}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : null}
      {content.documents.length > 0 ? (
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }}>
          {content.documents.map((ref) =>
            ref.document ? (
              <Button
                key={`${ref.label}-${ref.id}`}
                size="small"
                variant="outlined"
                onClick={() => onView({ document: ref.document!, label: ref.label })}
              >
                View {ref.label.toLowerCase()}
              </Button>
            ) : (
              <Typography key={`${ref.label}-${ref.id}`} variant="body2" color="text.secondary">
                {ref.label}: no longer stored
              </Typography>
            ),
          )}
        </Stack>
      ) : null}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {section.updatedAt ? `Saved ${formatDateTime(section.updatedAt)}` : null}
        {section.reviewedAt
          ? ` · ${section.status === 'verified' ? 'verified' : 'reviewed'} by ${section.reviewedBy?.name ?? 'staff'} ${formatDateTime(section.reviewedAt)}`
          : null}
      </Typography>
      <SectionVerdictDialog
        customerId={customer.id}
        section={section.section}
        status={verdict}
        onClose={() => setVerdict(null)}
        onDone={onChanged}
      />
    </Paper>
  );
}

/** Every profile section with its status and answers, its uploads viewable, and (customers.verify) the verdicts. */
export function Profile({ customer, onChanged }: { customer: AdminCustomer; onChanged: () => void }) {
  const { canAccess: canVerify } = useCanAccess({ action: 'verify', resource: 'Customers' });
  const [viewing, setViewing] = useState<Viewing>(null);
  const order = Object.keys(SECTION_LABELS) as CustomerSection['section'][];
  const sections = [...customer.sections].sort((a, b) => order.indexOf(a.section) - order.indexOf(b.section));
  const named = new Set(sections.flatMap((s) => sectionContent(s, customer.documents, String).documents.map((d) => d.id)));
  const others = customer.documents.filter((d) => !named.has(d.id));
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {sections.map((section) => (
        <SectionCard
          key={section.section}
          customer={customer}
          section={section}
          canVerify={!!canVerify}
          onView={setViewing}
          onChanged={onChanged}
        />
      ))}
      {others.length > 0 ? (
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="other-uploads">
          <Typography id="other-uploads" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            Other uploads
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {others.map((d) => (
              <Link
                key={d.id}
                component="button"
                variant="body2"
                onClick={() => setViewing({ document: d, label: documentKindLabel(d.kind) })}
              >
                {documentKindLabel(d.kind)}, {formatDateTime(d.createdAt)}
              </Link>
            ))}
          </Stack>
        </Paper>
      ) : null}
      <DocumentViewer
        customerId={customer.id}
        document={viewing?.document ?? null}
        label={viewing?.label ?? ''}
        onClose={() => setViewing(null)}
      />
    </Box>
  );
}
