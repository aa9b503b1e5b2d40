/**
 * Spec §8: the only outside addresses the portal may navigate to (@lending/web-common/external-url). Anything else
 * (another site, javascript:, data:) is refused, by the links and by the document-wide guard in the shell.
 */
export const SUPPORT_EMAIL = 'mailto:support@openlending.in';
export const GRIEVANCE_EMAIL = 'mailto:grievance@openlending.in';
export const SUPPORT_PHONE = 'tel:+918000000000';

export const EXTERNAL_URLS = [SUPPORT_EMAIL, GRIEVANCE_EMAIL, SUPPORT_PHONE] as const;
