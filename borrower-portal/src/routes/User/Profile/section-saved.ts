import { useOutletContext } from 'react-router';

/** What the profile's layout gives its section pages: a way to say a section was just saved. */
export type ProfileOutlet = { sectionSaved(): void };

const nothing = () => undefined;

/** Call after a section is saved: the profile's tabs fetch the marks again, so "(to do)" turns "(saved)" at once. */
export function useSectionSaved(): () => void {
  return useOutletContext<ProfileOutlet | undefined>()?.sectionSaved ?? nothing;
}
