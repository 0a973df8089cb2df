import { useState } from 'react';
import type { FileFormat } from '../../engine/browser';
import { notify, notifyError } from '../components/ui/toaster';
import { downloadFile } from '../lib/downloadFile';
import { logFailure } from '../lib/logFailure';
import type { DatasetView } from '../trpc';

export type DownloadKind = 'data' | 'mapping';

/** The step 3 downloads of the pseudonymized data and its value mapping, with their toasts. */
export function useDatasetDownload(dataset: DatasetView | undefined) {
  const [downloading, setDownloading] = useState<DownloadKind | null>(null);

  async function download(kind: DownloadKind, format: FileFormat) {
    if (!dataset) return;
    const base = `/api/datasets/${encodeURIComponent(dataset.id)}`;
    const path = kind === 'data' ? 'download' : 'download-mapping';
    const stem = dataset.filename.replace(/\.[^.]+$/, '');
    setDownloading(kind);
    try {
      await downloadFile(
        `${base}/${path}?format=${format}`,
        `${stem}.${kind === 'data' ? 'pseudonymized' : 'mapping'}.${format}`,
      );
      notify(
        'Download started',
        kind === 'data'
          ? `Pseudonymized data is being downloaded as ${format.toUpperCase()}.`
          : `The value mapping is being downloaded as ${format.toUpperCase()}.`,
      );
    } catch (error) {
      logFailure('Download', error);
      notifyError('Download failed', 'There was an error downloading your file.');
    } finally {
      setDownloading(null);
    }
  }

  return { downloading, download };
}
