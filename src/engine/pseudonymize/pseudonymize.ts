import { EngineError } from '../errors';
import type {
  Cell,
  ColumnSchema,
  PseudonymizeOptions,
  PseudonymizeResult,
  Sheet,
  Workbook,
} from '../types';
import { choosePseudonyms } from './choose-pseudonyms';
import { planColumn } from './column-plan';
import { validateFakerMethod } from './faker-catalogue';
import { mergedRanges } from './join-columns';
import { KeyIndex } from './key-index';
import { createKeyedFaker, type FakeSource } from './keyed-faker';
import { KeyedRandom } from './keyed-random';
import { buildMappingRows, lazyMapping } from './mapping-sheet';
import { keptMarkers, type Namespace, type PlannedColumn } from './namespace';
import { scanOriginals } from './scan-originals';
import { schemaMatchShare } from './schema-match';
import { StringHashSet } from './string-hash-set';

/*
 * How pseudonyms are chosen, and the few places the promises bend.
 *
 * Every distinct original of a namespace (columns of one kind and format, across sheets) gets
 * one pseudonym: a keyed hash of the original (SipHash-2-4 under HMAC-SHA-256(secret, kind), see
 * KeyedRandom) seeds the generator, so the same secret gives the same pseudonym in every file and
 * run. A candidate that equals an original of the namespace (or any name, email or phone
 * original of the file, in whatever column) or a pseudonym already handed out is redrawn with a
 * counter in the hash input; the first that fits wins.
 * A collision resolved this way depends on the file's other values, so only such values may
 * differ between files.
 *
 * Exceptions, all in domains too small for the promises:
 * - booleans: two values, so the secret picks "keep" or "swap" for the whole kind; a boolean
 *   may equal its original (half the time, for every boolean column alike);
 * - integers and dates whose distinct values fill more than a third of their range: pseudonyms
 *   are a keyed walk over the range (unique, never the value itself, off the originals while
 *   they fill at most half of it; an observed date range holding fewer than twice as many
 *   instants is widened evenly, roomyDateRange); the sign of a value is not kept in that case;
 * - a column of one constant value draws from a widened range around it, and a number range
 *   too narrow to hold four values per distinct original at the column's precision is widened
 *   away from zero (roomyRange, room on each side of zero), and whole values of such a decimal
 *   column get decimals (roomyDecimals), so pseudonyms can stay off the originals;
 * - digit codes keep their leading zeros while there is room; in a crowded code space
 *   ('0000001'…'0000009') retries free them one by one, so a code keeps only its length;
 * - tiny text domains (states, genders, 2-letter codes): after 32 tries a pseudonym may repeat
 *   or equal another original, but never its own value while another exists;
 * - missing-value markers detection reports ('NaN', 'NULL', 'N/A') are kept, like blanks.
 */

function secretBytes(secret: PseudonymizeOptions['secret']): Uint8Array {
  if (secret === undefined) {
    // A fresh secret per call, kept only in this closure's memory.
    return globalThis.crypto.getRandomValues(new Uint8Array(32));
  }
  if (typeof secret === 'string') {
    if (secret === '') throw new EngineError('INVALID_RULE', 'The secret must not be empty.');
    return new TextEncoder().encode(secret);
  }
  if (secret.length === 0) throw new EngineError('INVALID_RULE', 'The secret must not be empty.');
  return secret;
}

function checkSchemas(workbook: Workbook, schemas: ColumnSchema[][]): void {
  if (schemas.length !== workbook.sheets.length) {
    throw new EngineError(
      'INVALID_RULE',
      `Expected one schema per sheet (${workbook.sheets.length}), got ${schemas.length}.`,
    );
  }
  workbook.sheets.forEach((sheet, index) => {
    const schema = schemas[index]!;
    if (schema.length !== sheet.columns.length) {
      throw new EngineError(
        'INVALID_RULE',
        `Sheet "${sheet.name}" has ${sheet.columns.length} columns but its schema describes ${schema.length}.`,
      );
    }
    for (const column of schema) {
      if (column.rule.action === 'faker') {
        if (!column.rule.fakerMethod) {
          throw new EngineError(
            'INVALID_RULE',
            `Column "${column.name}" uses a custom method but names none.`,
          );
        }
        validateFakerMethod(column.rule.fakerMethod);
      }
    }
  });
}

function elapsed(since: number): number {
  return Math.round(performance.now() - since);
}

/**
 * Replaces every value by a consistent, keyed, format-keeping pseudonym, column rule by column
 * rule; returns the new workbook, the original → pseudonym mapping and run statistics.
 * @example pseudonymize(workbook, [detectSchema(workbook.sheets[0])], { secret: 's3cret' }).workbook
 */
export function pseudonymize(
  workbook: Workbook,
  schemas: ColumnSchema[][],
  options: PseudonymizeOptions = {},
): PseudonymizeResult {
  const started = performance.now();
  const timings: Record<string, number> = {};
  checkSchemas(workbook, schemas);
  const random = new KeyedRandom(secretBytes(options.secret));
  const source: FakeSource = { random, faker: createKeyedFaker(random) };

  // Plan: one namespace per kind and format.
  let phase = performance.now();
  const overrides = mergedRanges(schemas);
  const namespaces = new Map<string, Namespace>();
  const planned: PlannedColumn[] = [];
  const blanked = new Set<string>();
  workbook.sheets.forEach((sheet, sheetIndex) => {
    schemas[sheetIndex]!.forEach((schema, columnIndex) => {
      const action = planColumn(schema, source, overrides.get(schema));
      if (action.action === 'keep') return;
      if (action.action === 'blank') {
        blanked.add(`${sheetIndex}:${columnIndex}`);
        return;
      }
      let namespace = namespaces.get(action.plan.namespace);
      if (!namespace) {
        namespace = {
          plan: action.plan,
          exhausted: 0,
          placed: 0,
          ids: new KeyIndex(),
          originals: [],
          pseudonyms: [],
          used: new StringHashSet(),
        };
        namespaces.set(action.plan.namespace, namespace);
      }
      planned.push({
        sheetIndex,
        columnIndex,
        schema,
        namespace,
        missingMarkers: keptMarkers(schema),
        rowIds: new Int32Array(0),
      });
    });
  });
  timings.plan = elapsed(phase);

  // Scan: every original of every namespace is known before any pseudonym is chosen.
  phase = performance.now();
  scanOriginals(workbook, planned);
  timings.scan = elapsed(phase);

  // Generate: one pseudonym per distinct original and namespace, in order of first appearance.
  phase = performance.now();
  const sensitiveCount = [...namespaces.values()].reduce(
    (sum, namespace) => sum + (namespace.plan.sensitive ? namespace.originals.length : 0),
    0,
  );
  const sensitiveOriginals = new StringHashSet(sensitiveCount);
  for (const namespace of namespaces.values()) {
    if (namespace.plan.sensitive) namespace.ids.addHashesTo(sensitiveOriginals);
  }
  for (const namespace of namespaces.values()) {
    choosePseudonyms(namespace, random, sensitiveOriginals);
    // Its lookup tables are done with (other namespaces look only at their own, or at the
    // sensitive originals' hashes); the mapping needs only originals and pseudonyms.
    namespace.ids = new KeyIndex();
    namespace.used = new StringHashSet();
  }
  timings.generate = elapsed(phase);

  // Write: new rows, blank and missing cells as they were, kept columns untouched.
  phase = performance.now();
  const blankCell: Cell = workbook.format === 'csv' || workbook.format === 'tsv' ? '' : null;
  const sheets: Sheet[] = workbook.sheets.map((sheet, sheetIndex) => {
    const rows = sheet.rows.map((row) => row.slice());
    for (const column of planned) {
      if (column.sheetIndex !== sheetIndex) continue;
      const { rowIds, columnIndex } = column;
      const { pseudonyms } = column.namespace;
      for (let row = 0; row < rows.length; row++) {
        const id = rowIds[row]!;
        if (id >= 0) rows[row]![columnIndex] = pseudonyms[id]!;
      }
    }
    sheet.columns.forEach((_, columnIndex) => {
      if (!blanked.has(`${sheetIndex}:${columnIndex}`)) return;
      for (const row of rows) row[columnIndex] = blankCell;
    });
    return { ...sheet, columns: [...sheet.columns], rows };
  });
  timings.write = elapsed(phase);

  // Built from the output sheets (same names, columns and formats), so the mapping does not keep
  // the input's rows alive for a caller that lets them go.
  const mapping = lazyMapping(() => buildMappingRows(sheets, planned));

  // Verify: how many auto columns re-detect with the same type and format.
  phase = performance.now();
  const schemaMatch = schemaMatchShare(sheets, planned);
  timings.verify = elapsed(phase);

  const rowsProcessed = workbook.sheets.reduce((sum, sheet) => sum + sheet.rows.length, 0);
  const cellsProcessed = workbook.sheets.reduce(
    (sum, sheet) => sum + sheet.rows.length * sheet.columns.length,
    0,
  );
  const pseudonymizedColumns = new Set(planned.map((c) => `${c.sheetIndex}:${c.columnIndex}`));
  return {
    workbook: { ...workbook, sheets },
    mapping,
    stats: {
      rowsProcessed,
      cellsProcessed,
      columnsPseudonymized: pseudonymizedColumns.size + blanked.size,
      schemaMatch,
      timings,
      durationMs: elapsed(started),
    },
  };
}
