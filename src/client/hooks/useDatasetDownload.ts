import { useState } from 'react';
import type { FileFormat } from '../../engine/browser';
import { notify, notifyError } from '../components/ui/toaster';
import { downloadFile, saveFile } from '../lib/downloadFile';
import { logFailure } from '../lib/logFailure';
import { trpc, type DatasetView } from '../trpc';

export type DownloadKind = 'data' | 'mapping' | 'recipe' | 'report';

/** A download file's name: the uploaded file's name without its extension, then `suffix`. */
function nameAfter(dataset: DatasetView, suffix: string): string {
  return `${dataset.filename.replace(/\.[^.]+$/, '')}.${suffix}`;
}

/**
 * The downloads of the pseudonymized data, its value mapping and its report (step 3) and of
 * the schema's recipe (step 2 on), with their toasts. `savesLanded` holds the recipe back until
 * the schema edits made so far are saved, so it has them.
 */
export function useDatasetDownload(
  dataset: DatasetView | undefined,
  savesLanded: () => Promise<boolean>,
) {
  const [downloading, setDownloading] = useState<DownloadKind | null>(null);
  const utils = trpc.useUtils();

  async function download(kind: 'data' | 'mapping', format: FileFormat) {
    if (!dataset) return;
    const base = `/api/datasets/${encodeURIComponent(dataset.id)}`;
    const path = kind === 'data' ? 'download' : 'download-mapping';
    setDownloading(kind);
    try {
      await downloadFile(
        `${base}/${path}?format=${format}`,
        nameAfter(dataset, `${kind === 'data' ? 'pseudonymized' : 'mapping'}.${format}`),
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

  /** The privacy and utility report of the last run, as a printable HTML page. */
  async function downloadReport() {
    if (!dataset) return;
    setDownloading('report');
    try {
      await downloadFile(
        `/api/datasets/${encodeURIComponent(dataset.id)}/report?format=html&download=1`,
        nameAfter(dataset, 'report.html'),
      );
      notify('Download started', 'The privacy and utility report is being downloaded as HTML.');
    } catch (error) {
      logFailure('Downloading the report', error);
      notifyError('Download failed', 'There was an error downloading your file.');
    } finally {
      setDownloading(null);
    }
  }

  async function saveRecipe() {
    if (!dataset) return;
    setDownloading('recipe');
    try {
      if (!(await savesLanded())) return;
      // The client itself, not the query cache: each save asks for the rules as they are now.
      const recipe = await utils.client.getRecipe.query({ id: dataset.id });
      const json = `${JSON.stringify(recipe, null, 2)}\n`;
      saveFile(new Blob([json], { type: 'application/json' }), nameAfter(dataset, 'recipe.json'));
      notify('Recipe saved', "This schema's types and rules are being downloaded as JSON.");
    } catch (error) {
      logFailure('Saving the recipe', error);
      const message = error instanceof Error ? error.message : '';
      notifyError('Error', message || 'Failed to save the recipe');
    } finally {
      setDownloading(null);
    }
  }

  return { downloading, download, downloadReport, saveRecipe };
}
