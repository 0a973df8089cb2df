import { dateShiftPlans, examplePseudonyms, sampleValue, type ColumnSchema } from '../engine';
import type { DatasetPreview, DatasetView, PreviewRow, WorkbookPreview } from './api-schemas';
import { selectedSheet, type Dataset, type DatasetStore, type SheetState } from './dataset-store';
import { PREVIEW_ROWS_DEFAULT } from './preview-size';

type SampleKind = DatasetView['schema'][number]['sampleKind'];

/** A card's example pseudonym, and whether it is the run's or an illustration. */
export interface ColumnSample {
  sample: string;
  sampleKind: SampleKind;
}

/**
 * Illustrations, computed once per column object: a column the store keeps is frozen, so a
 * change comes as a new object, and an illustration costs a Faker call, which adds up on a sheet
 * of thousands of columns read again and again.
 */
const illustrations = new WeakMap<Readonly<ColumnSchema>, string>();

function illustration(column: Readonly<ColumnSchema>): ColumnSample {
  let sample = illustrations.get(column);
  if (sample === undefined) {
    sample = sampleValue(column);
    illustrations.set(column, sample);
  }
  return { sample, sampleKind: 'illustration' };
}

/**
 * Columns a sheet may have for its samples to be run: the run of its example rows grows with its
 * columns and happens on the server's main thread, again after each edit. Wider sheets show
 * illustrations.
 */
const MOST_RUN_SAMPLE_COLUMNS = 200;

/**
 * Each column's example pseudonym under `secret`: its example row pseudonymized with the
 * sheet's rules (examplePseudonyms); a kept column's example itself, an emptied one's
 * '(blank)'; an illustration where the sheet has no example row for it, or the run failed.
 */
export function columnSamples(
  dataset: Pick<Dataset, 'format' | 'scheme'>,
  sheet: SheetState,
  secret: string | Uint8Array,
): ColumnSample[] {
  let run: (string | null)[] = [];
  if (sheet.exampleRows && sheet.schema.length <= MOST_RUN_SAMPLE_COLUMNS) {
    try {
      run = examplePseudonyms(dataset.format, sheet, sheet.exampleRows, sheet.schema, {
        secret,
        scheme: dataset.scheme,
      });
    } catch {
      // A rule the one-row run cannot follow: the cards show illustrations instead.
      run = [];
    }
  }
  return sheet.schema.map((column, index) => {
    if (column.type === 'blank' || column.rule.action === 'blank') {
      return { sample: '(blank)', sampleKind: 'run' };
    }
    if (column.rule.action === 'keep') {
      return { sample: column.examples[0] ?? 'original value', sampleKind: 'run' };
    }
    const sample = run[index];
    return sample === null || sample === undefined
      ? illustration(column)
      : { sample, sampleKind: 'run' };
  });
}

/**
 * The samples under the dataset's own key, once per schema: a sheet's schema the store keeps is
 * frozen, so an edit comes as a new array (and a recipe's scheme as a new dataset).
 */
const ownKeySamples = new WeakMap<object, { scheme: number; samples: ColumnSample[] }>();

function samplesUnderOwnKey(dataset: Dataset, sheet: SheetState): ColumnSample[] {
  const cached = ownKeySamples.get(sheet.schema);
  if (cached && cached.scheme === dataset.scheme) return cached.samples;
  const samples = columnSamples(dataset, sheet, dataset.secret);
  ownKeySamples.set(sheet.schema, { scheme: dataset.scheme, samples });
  return samples;
}

/**
 * A sheet's columns with their sample, and for dates the entity column they move with under the
 * dataset's pseudonym scheme.
 */
function schemaView(dataset: Dataset, sheet: SheetState): DatasetView['schema'] {
  const plans = dateShiftPlans(sheet.schema, dataset.scheme);
  const samples = samplesUnderOwnKey(dataset, sheet);
  return sheet.schema.map((column, index) => {
    const plan = plans[index];
    const { sample, sampleKind } = samples[index] ?? illustration(column);
    return { ...column, sample, sampleKind, ...(plan ? { dateShiftPlan: plan } : {}) };
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
    schema: schemaView(dataset, sheet),
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
