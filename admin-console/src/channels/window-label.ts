import { formatDateTime } from '@lending/web-common/format';

/** The 24-hour window as staff read it: "Window open until 24 Nov 2026, 2:05 pm" (it may close tomorrow) or "Window closed". */
export function windowLabel(window: { open: boolean; closesAt: string | null }): string {
  if (!window.open || !window.closesAt) return 'Window closed';
  return `Window open until ${formatDateTime(window.closesAt)}`;
}
