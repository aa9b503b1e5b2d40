import type { Section } from '../../../api/profile';

const TEXT: Record<Section['status'], string> = {
  missing: 'Not filled in yet.',
  complete: 'Saved; our team will verify it.',
  verified: 'Verified by our team.',
  rejected: 'Needs your attention',
};

/**
 * Where the section stands; a rejected one says why. While an upload on the page was just refused (`refused` names
 * it), the note says that file was not saved instead of "Saved" beside the refusal.
 */
export function SectionStatusNote({ section, refused = [] }: { section: Section; refused?: string[] }) {
  if (refused.length > 0)
    return (
      <p className="form-alert" role="alert">
        Your {refused.join(' and ')} {refused.length > 1 ? 'were' : 'was'} not saved: choose another file where the message shows. Nothing
        else has changed.
      </p>
    );
  return (
    <p className={`section-status section-status--${section.status}`} role={section.status === 'rejected' ? 'alert' : undefined}>
      {TEXT[section.status]}
      {section.status === 'rejected' && section.reason ? `: ${section.reason}` : ''}
    </p>
  );
}
