import { httpErrorFrom } from './httpError';

/**
 * Fetches a generated file and hands it to the browser as a download. Fetching first (instead of
 * navigating to the URL) lets a failed request show an error instead of a broken tab.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) {
    throw httpErrorFrom(response.status, response.statusText, await response.text());
  }
  saveFile(
    await response.blob(),
    fileNameFrom(response.headers.get('content-disposition')) ?? fallbackName,
  );
}

/** Hands data the page already holds to the browser as a download named `name`. */
export function saveFile(blob: Blob, name: string): void {
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start reading the blob before it is released.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}

/** The file name of a Content-Disposition header, preferring the UTF-8 `filename*` form. */
export function fileNameFrom(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // malformed escape: fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() ?? null;
}
