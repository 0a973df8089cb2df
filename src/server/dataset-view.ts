import { sampleValue, type ColumnSchema } from '../engine';
import type { DatasetView } from './api-schemas';
import type { Dataset, DatasetStore, SheetState } from './dataset-store';

/** The selected sheet of a dataset (the store keeps the index within range). */
export function selectedSheet(dataset: Dataset): SheetState {
  const sheet = dataset.sheets[dataset.selectedSheet];
  if (!sheet) throw new Error('selected sheet out of range');
  return sheet;
}

/**
 * Each column's sample, computed once per column object: the store replaces a column's object
 * whenever it changes (schema update, reanalysis) and never edits one in place, and a sample
 * costs a Faker call, which adds up on a sheet of thousands of columns read again and again.
 */
const samples = new WeakMap<ColumnSchema, string>();

function cachedSample(column: ColumnSchema): string {
  let sample = samples.get(column);
  if (sample === undefined) {
    sample = sampleValue(column);
    samples.set(column, sample);
  }
  return sample;
}

/** What the API shows of a dataset: its summary, schema and the first `limit` rows. */
export function datasetView(store: DatasetStore, dataset: Dataset, limit: number): DatasetView {
  const sheet = selectedSheet(dataset);
  const run = dataset.run;
  const pseudonymizedRows = run?.previews[dataset.selectedSheet];
  return {
    id: dataset.id,
    filename: dataset.filename,
    fileType: dataset.format,
    size: dataset.size,
    rowCount: sheet.rowCount,
    columnCount: sheet.columns.length,
    sheetNames: dataset.sheets.map((each) => each.name),
    selectedSheet: sheet.name,
    schema: sheet.schema.map((column) => ({ ...column, sample: cachedSample(column) })),
    originalData: { columns: sheet.columns, rows: sheet.preview.slice(0, limit) },
    pseudonymizedData: pseudonymizedRows
      ? { columns: sheet.columns, rows: pseudonymizedRows.slice(0, limit) }
      : null,
    mapping: run ? { rowCount: run.mappingRowCount } : null,
    stats: run ? run.stats : null,
    expiresAt: store.expiresAt(dataset).toISOString(),
  };
}
