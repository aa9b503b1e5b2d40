import type { Section } from '../../../api/profile';

const TEXT: Record<Section['status'], string> = {
  missing: 'Not filled in yet.',
  complete: 'Saved; our team will verify it.',
  verified: 'Verified by our team.',
  rejected: 'Needs your attention',
};

/** Where the section stands; a rejected one says why. */
export function SectionStatusNote({ section }: { section: Section }) {
  return (
    <p className={`section-status section-status--${section.status}`} role={section.status === 'rejected' ? 'alert' : undefined}>
      {TEXT[section.status]}
      {section.status === 'rejected' && section.reason ? `: ${section.reason}` : ''}
    </p>
  );
}
