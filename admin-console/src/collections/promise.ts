import { formatDate } from '@lending/web-common/format';

/** How a promise to pay is shown: its date, and whether it was broken (the date passed with no payment). */
export type PromiseDisplay = { text: string; broken: boolean; kind: 'none' | 'kept-or-open' | 'broken' };

export function promiseDisplay(promiseToPayOn: string | null | undefined, promiseBroken: boolean | null | undefined): PromiseDisplay {
  if (!promiseToPayOn) return { text: '—', broken: false, kind: 'none' };
  const date = formatDate(promiseToPayOn);
  if (promiseBroken) return { text: `Broken: promised ${date}`, broken: true, kind: 'broken' };
  return { text: `Promised ${date}`, broken: false, kind: 'kept-or-open' };
}
