/** The React pieces both shells use: the loading bar, the new-build reload on route change, the guarded link. */
import { useEffect, useRef, useState, type AnchorHTMLAttributes } from 'react';
import { onActivity } from './activity';
import { isAllowedUrl, type AllowList } from './external-url';
import { isNewerBuildAvailable, reloadOnce, watchForNewBuilds } from './updates';

/** Spec §9: the top loading bar runs for 2000 ms, shows only after 200 ms of waiting, 3 px high. */
export const LOADING_BAR = { durationMs: 2000, throttleMs: 200, heightPx: 3 } as const;

type Phase = 'idle' | 'running' | 'finishing';

const LOADING_BAR_CSS = `
.loading-bar { position: fixed; top: 0; left: 0; z-index: 2000; background: var(--loading-bar-color, #22b07d); box-shadow: 0 0 6px var(--loading-bar-color, #22b07d); width: 0; pointer-events: none; }
.loading-bar--running { animation-name: lending-loading-bar; animation-timing-function: ease-out; animation-fill-mode: forwards; }
.loading-bar--finishing { width: 100%; opacity: 0; transition: opacity 250ms ease 100ms; }
@keyframes lending-loading-bar { from { width: 0; } to { width: 90%; } }
`;

/** The top loading bar of the shell (spec §2, §9); `active` while the router navigates or the API is waited for. */
export function LoadingBar({ active, color }: { active: boolean; color?: string }) {
  const [phase, setPhase] = useState<Phase>('idle');

  useEffect(() => {
    if (active) {
      const timer = setTimeout(() => setPhase('running'), LOADING_BAR.throttleMs);
      return () => clearTimeout(timer);
    }
    setPhase((p) => (p === 'running' ? 'finishing' : 'idle'));
  }, [active]);

  useEffect(() => {
    if (phase !== 'finishing') return;
    const timer = setTimeout(() => setPhase('idle'), 250);
    return () => clearTimeout(timer);
  }, [phase]);

  if (phase === 'idle') return null;
  return (
    <>
      <style>{LOADING_BAR_CSS}</style>
      <div
        className={`loading-bar loading-bar--${phase}`}
        role="progressbar"
        aria-label="Loading"
        style={{
          height: LOADING_BAR.heightPx,
          animationDuration: `${LOADING_BAR.durationMs}ms`,
          ...(color ? { background: color, boxShadow: `0 0 6px ${color}` } : {}),
        }}
      />
    </>
  );
}

/** Whether any request through the shared fetch is in flight. */
export function useApiBusy(): boolean {
  const [busy, setBusy] = useState(false);
  useEffect(() => onActivity(setBusy), []);
  return busy;
}

/** Polls for a newer build while mounted; once one is out, the next change of `pathname` reloads the page (spec §4). */
export function useReloadOnNewBuild(pathname: string): void {
  const first = useRef(true);
  useEffect(() => watchForNewBuilds(), []);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (isNewerBuildAvailable()) reloadOnce();
  }, [pathname]);
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { href: string; allow: AllowList };

/** A link to an outside address: rendered as a link only when the address is on the allow-list, else as text. */
export function ExternalLink({ href, allow, children, ...rest }: LinkProps) {
  if (!isAllowedUrl(href, allow)) return <span data-refused-href={href}>{children}</span>;
  const newTab = rest.target === '_blank';
  return (
    <a href={href} {...rest} rel={newTab ? 'noopener noreferrer' : rest.rel}>
      {children}
    </a>
  );
}
