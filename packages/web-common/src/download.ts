/** Hands a fetched file (an agreement, a statement) to the browser as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The download has started from the object URL by now; keep it a while for slow browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
