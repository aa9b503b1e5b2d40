import { startTransition, useEffect, useState } from 'react';

/**
 * False in the first render, true in a render React makes right after that one is committed, at low priority (a
 * transition: interruptible, after the browser has had its turn). The dashboard renders its queue counts first and its
 * other panels in this second render, so the first screen is not one synchronous render of every panel (issue 11).
 */
export function useRenderedAfterFirst(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => startTransition(() => setAfter(true)), []);
  return after;
}
