import { useOutletContext } from 'react-router';

/** What the profile's layout gives its section pages: ways to say a section was just saved, or an upload refused. */
export type ProfileOutlet = { sectionSaved(): void; uploadRefused(refused: boolean): void };

const nothing = () => undefined;

/** Call after a section is saved: the profile's tabs fetch the marks again, so "(to do)" turns "(saved)" at once. */
export function useSectionSaved(): () => void {
  return useOutletContext<ProfileOutlet | undefined>()?.sectionSaved ?? nothing;
}

/** Call with whether an upload on this section's page was just refused: its tab then does not say "saved". */
export function useUploadRefused(): (refused: boolean) => void {
  return useOutletContext<ProfileOutlet | undefined>()?.uploadRefused ?? nothing;
}
