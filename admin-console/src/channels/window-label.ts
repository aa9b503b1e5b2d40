/** The 24-hour window as staff read it: "Window open until 24 Nov, 14:05" (it may close tomorrow) or "Window closed". */
export function windowLabel(window: { open: boolean; closesAt: string | null }): string {
  if (!window.open || !window.closesAt) return 'Window closed';
  const closes = new Date(window.closesAt);
  const day = closes.toLocaleDateString('en-IN', { day: 'numeric', month: 'short' });
  const time = closes.toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit', hour12: false });
  return `Window open until ${day}, ${time}`;
}
