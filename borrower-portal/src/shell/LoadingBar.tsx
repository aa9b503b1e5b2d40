import { useEffect, useState } from 'react';

/** Spec §9: the top loading bar runs for 2000 ms, shows only after 200 ms of waiting, 3 px high. */
export const LOADING_BAR = { durationMs: 2000, throttleMs: 200, heightPx: 3 } as const;

type Phase = 'idle' | 'running' | 'finishing';

export function LoadingBar({ active }: { active: boolean }) {
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
    <div
      className={`loading-bar loading-bar--${phase}`}
      role="progressbar"
      aria-label="Loading"
      style={{ height: LOADING_BAR.heightPx, animationDuration: `${LOADING_BAR.durationMs}ms` }}
    />
  );
}
