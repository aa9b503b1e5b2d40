/**
 * Spec §8: navigating to an external URL is refused unless the address is explicitly allowed. Every place that
 * opens a URL or renders a link goes through `isAllowedUrl` (the link components, `openUrl`, and the document-wide
 * click guard that catches any other anchor).
 *
 * An allow-list entry is an origin (`https://docs.example.com`: any path there) or a whole non-HTTP address
 * (`mailto:support@example.com`, `tel:+918000000000`: that address only).
 */
export type AllowList = readonly string[];

/** Where this page is: same-origin addresses (and this page's own blob: URLs) are not external. */
const here = () => window.location.href;

export function isAllowedUrl(url: string, allowList: AllowList, base = here()): boolean {
  let target: URL;
  try {
    target = new URL(url, base);
  } catch {
    return false;
  }
  const origin = new URL(base).origin;
  if (target.protocol === 'http:' || target.protocol === 'https:') {
    if (target.origin === origin) return true;
    return allowList.some((entry) => {
      try {
        const allowed = new URL(entry);
        return (allowed.protocol === 'http:' || allowed.protocol === 'https:') && allowed.origin === target.origin;
      } catch {
        return false;
      }
    });
  }
  // A blob: URL this page made (an agreement PDF) is its own content, not a way out.
  if (target.protocol === 'blob:') return target.href.startsWith(`blob:${origin}/`);
  // javascript:, data:, file: and the rest never; mailto: and tel: only as listed, address by address.
  if (target.protocol === 'mailto:' || target.protocol === 'tel:')
    return allowList.some((entry) => entry.toLowerCase() === target.href.toLowerCase());
  return false;
}

/** Opens a URL (in a new tab with `newTab`) only if it is allowed; answers whether it did. */
export function openUrl(url: string, allowList: AllowList, options: { newTab?: boolean } = {}): boolean {
  if (!isAllowedUrl(url, allowList)) {
    console.warn(`Refused to navigate to ${url}: not on the allow-list of external addresses.`);
    return false;
  }
  if (options.newTab) window.open(url, '_blank', 'noopener,noreferrer');
  else window.location.assign(url);
  return true;
}

/**
 * Refuses, for the whole document, a click on any link whose address is not allowed (links rendered by libraries
 * or by content included). Answers the function that removes the guard.
 */
export function guardExternalNavigation(allowList: AllowList, onRefused: (url: string) => void = () => undefined): () => void {
  const onClick = (event: MouseEvent) => {
    const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!anchor) return;
    const href = anchor.getAttribute('href') ?? '';
    if (isAllowedUrl(href, allowList)) return;
    event.preventDefault();
    event.stopPropagation();
    console.warn(`Refused to navigate to ${href}: not on the allow-list of external addresses.`);
    onRefused(href);
  };
  document.addEventListener('click', onClick, true);
  return () => document.removeEventListener('click', onClick, true);
}
