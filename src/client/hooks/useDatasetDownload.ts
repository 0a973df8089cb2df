import { useState } from 'react';
import type { FileFormat } from '../../engine/browser';
import { notify, notifyError } from '../components/ui/toaster';
import { downloadFile, saveFile } from '../lib/downloadFile';
import { isDatasetGone } from '../lib/datasetGone';
import { downloadContents, downloadQuery, type SheetScope } from '../lib/downloadScope';
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
 * the schema edits made so far are saved, so it has them; `onGone` hears that the server no
 * longer has the dataset (expired), which says so itself.
 */
export function useDatasetDownload(
  dataset: DatasetView | undefined,
  savesLanded: () => Promise<boolean>,
  onGone: () => void,
) {
  const [downloading, setDownloading] = useState<DownloadKind | null>(null);
  const utils = trpc.useUtils();

  /** The data (every sheet, or the selected one) or the value mapping, in `format`. */
  async function download(kind: 'data' | 'mapping', format: FileFormat, scope: SheetScope) {
    if (!dataset) return;
    const base = `/api/datasets/${encodeURIComponent(dataset.id)}`;
    const { selectedSheet, sheetNames } = dataset;
    // The server names the file (Content-Disposition); these names are the fallback only.
    const url =
      kind === 'data'
        ? `${base}/download?${downloadQuery(format, scope, selectedSheet)}`
        : `${base}/download-mapping?format=${format}`;
    const several = sheetNames.length > 1;
    const fallback =
      kind === 'mapping'
        ? `mapping.${format}`
        : several && scope === 'selected'
          ? `${selectedSheet}.pseudonymized.${format}`
          : several && (format === 'csv' || format === 'tsv')
            ? `pseudonymized.${format}.zip`
            : `pseudonymized.${format}`;
    setDownloading(kind);
    try {
      await downloadFile(url, nameAfter(dataset, fallback));
      notify(
        'Download started',
        kind === 'data'
          ? `Pseudonymized data is being downloaded as ${downloadContents(format, sheetNames, scope, selectedSheet)}.`
          : `The value mapping is being downloaded as ${format.toUpperCase()}.`,
      );
    } catch (error) {
      if (isDatasetGone(error)) return onGone();
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
      if (isDatasetGone(error)) return onGone();
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
      if (isDatasetGone(error)) return onGone();
      logFailure('Saving the recipe', error);
      const message = error instanceof Error ? error.message : '';
      notifyError('Error', message || 'Failed to save the recipe');
    } finally {
      setDownloading(null);
    }
  }

  return { downloading, download, downloadReport, saveRecipe };
}
