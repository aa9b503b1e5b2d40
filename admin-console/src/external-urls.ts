/**
 * Spec §8: the outside addresses the console may navigate to (@lending/web-common/external-url). None today: every
 * screen is the console's own or the API's (agreement PDFs are this page's blob: URLs). Add an origin
 * (`https://status.example.com`) or a whole mailto:/tel: address here to allow it; anything else is refused.
 */
export const EXTERNAL_URLS: readonly string[] = [];
