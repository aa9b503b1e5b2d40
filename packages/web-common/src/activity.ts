/** Requests in flight, so the loading bar also runs while a page waits for the API. */
type Listener = (busy: boolean) => void;
let inFlight = 0;
const listeners = new Set<Listener>();

export function trackRequest(): () => void {
  inFlight += 1;
  if (inFlight === 1) listeners.forEach((l) => l(true));
  let finished = false;
  return () => {
    if (finished) return;
    finished = true;
    inFlight -= 1;
    if (inFlight === 0) listeners.forEach((l) => l(false));
  };
}

export function onActivity(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
