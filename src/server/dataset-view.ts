import { dateShiftPlans, sampleValue, type ColumnSchema } from '../engine';
import type { DatasetPreview, DatasetView, PreviewRow, WorkbookPreview } from './api-schemas';
import { selectedSheet, type Dataset, type DatasetStore } from './dataset-store';
import { PREVIEW_ROWS_DEFAULT } from './preview-size';

/**
 * Each column's sample, computed once per column object: a column the store keeps is frozen, so a
 * change (schema update, reanalysis) comes as a new object, and a sample costs a Faker call, which
 * adds up on a sheet of thousands of columns read again and again.
 */
const samples = new WeakMap<Readonly<ColumnSchema>, string>();

function cachedSample(column: Readonly<ColumnSchema>): string {
  let sample = samples.get(column);
  if (sample === undefined) {
    sample = sampleValue(column);
    samples.set(column, sample);
  }
  return sample;
}

/**
 * A sheet's columns with their sample, and for dates the entity column they move with under the
 * dataset's pseudonym scheme.
 */
function schemaView(
  schema: ReadonlyArray<Readonly<ColumnSchema>>,
  scheme: number,
): DatasetView['schema'] {
  const plans = dateShiftPlans(schema, scheme);
  return schema.map((column, index) => {
    const plan = plans[index];
    return { ...column, sample: cachedSample(column), ...(plan ? { dateShiftPlan: plan } : {}) };
  });
}

/**
 * What the API shows of a dataset: the selected sheet's summary and schema, and the first `limit`
 * rows of every sheet (100 unless a client asks otherwise).
 */
export function datasetView(
  store: DatasetStore,
  dataset: Dataset,
  limit = PREVIEW_ROWS_DEFAULT,
): DatasetView {
  const sheet = selectedSheet(dataset);
  const run = dataset.run;
  return {
    id: dataset.id,
    filename: dataset.filename,
    fileType: dataset.format,
    size: dataset.size,
    rowCount: sheet.rowCount,
    columnCount: sheet.columns.length,
    sheetNames: dataset.sheets.map((each) => each.name),
    selectedSheet: sheet.name,
    schema: schemaView(sheet.schema, dataset.scheme),
    originalData: datasetPreview(
      dataset,
      dataset.sheets.map((each) => each.preview),
      limit,
    ),
    pseudonymizedData: run ? datasetPreview(dataset, run.previews, limit) : null,
    mapping: run ? { rowCount: run.mappingRowCount } : null,
    stats: run ? run.stats : null,
    expiresAt: store.expiresAt(dataset).toISOString(),
  };
}

/**
 * The prototype of preview rows and workbooks: an empty object without a prototype of its own.
 * A column or sheet named __proto__, constructor or prototype is then an own key like any other,
 * never a way to the object's prototype. And superjson, tRPC's transformer, walks plain objects
 * only, refusing those three keys in them; an object of another prototype it leaves to
 * JSON.stringify as it is, which also spares it a walk over every cell.
 */
const PREVIEW_PROTOTYPE = Object.freeze(Object.create(null) as object);

/**
 * Previews in the shape of the specification: a csv, tsv or json file's rows, or every sheet of
 * a workbook under its name; `tables` holds each sheet's rows of display text, `limit` rows each.
 */
function datasetPreview(
  dataset: Dataset,
  tables: ReadonlyArray<ReadonlyArray<ReadonlyArray<string>>>,
  limit: number,
): DatasetPreview {
  const sheets = dataset.sheets.map((sheet, index) =>
    (tables[index] ?? []).slice(0, limit).map((cells) => previewRow(sheet.columns, cells)),
  );
  if (dataset.format !== 'xlsx' && dataset.format !== 'xls') return sheets[0] ?? [];
  const workbook = Object.create(PREVIEW_PROTOTYPE) as WorkbookPreview;
  dataset.sheets.forEach((sheet, index) => {
    workbook[sheet.name] = sheets[index] ?? [];
  });
  return workbook;
}

/** A row's cells under their columns' names, in column order. */
function previewRow(columns: readonly string[], cells: readonly string[]): PreviewRow {
  const row = Object.create(PREVIEW_PROTOTYPE) as PreviewRow;
  columns.forEach((name, index) => {
    row[name] = cells[index] ?? '';
  });
  return row;
}
