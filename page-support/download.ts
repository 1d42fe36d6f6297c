/** Offers `text` as a file download (a Blob's object URL on a transient <a download>). */
export function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked once the browser has taken the download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
