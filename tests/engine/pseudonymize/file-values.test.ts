import { en } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import {
  detectSchema,
  pseudonymize,
  readWorkbook,
  type Cell,
  type ColumnSchema,
  type FileValues,
  type PseudonymizeResult,
  type Workbook,
} from '../../../src/engine';
import { seeded } from '../../support/seeded';

/*
 * PseudonymizeOptions.fileValues (issue 19): a part of a file, run with the whole file's distinct
 * values of its name columns, gives those columns the pseudonyms a run of the whole file gives,
 * collisions and retries included; without them, a name's pseudonym depends on the part.
 */

const SECRET = 'file values key';
const ROWS = 3000;
// Faker's own names: many first draws land on another name of the file, so retries abound.
const FIRST = [...new Set(en.person?.first_name?.generic ?? [])].slice(0, 200);
const LAST = [...new Set(en.person?.last_name?.generic ?? [])].slice(0, 200);

/**
 * The table as csv bytes: id, first_name, last_name. The first half draws, skewed towards the
 * front, from the first 140 names of each list; the second half from the last 140, skewed towards
 * the back, so each half meets names the other never holds, and shared ones in another order.
 */
function peopleCsv(): Uint8Array {
  const random = seeded(19);
  const skewed = (names: string[], half: 0 | 1) => {
    // The smaller of two draws: early names far more often than late ones.
    const at = Math.min(random(140), random(140));
    return half === 0 ? names[at]! : names[names.length - 1 - at]!;
  };
  const lines = ['id,first_name,last_name'];
  for (let row = 0; row < ROWS; row++) {
    const half = row < ROWS / 2 ? 0 : 1;
    lines.push(`${100_000 + row * 37},${skewed(FIRST, half)},${skewed(LAST, half)}`);
  }
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

/** Each column's distinct values in order of first appearance, for the columns named. */
function fileValuesOf(workbook: Workbook, columns: string[]): FileValues {
  const sheet = workbook.sheets[0]!;
  return [
    sheet.columns.map((name, index) =>
      columns.includes(name)
        ? [...new Set(sheet.rows.map((row) => row[index] ?? null))]
        : undefined,
    ),
  ];
}

/** The workbook with only rows [from, to). */
function rowsOf(workbook: Workbook, from: number, to: number): Workbook {
  const sheet = workbook.sheets[0]!;
  return { ...workbook, sheets: [{ ...sheet, rows: sheet.rows.slice(from, to) }] };
}

function run(workbook: Workbook, schemas: ColumnSchema[][], fileValues?: FileValues) {
  return pseudonymize(workbook, schemas, { secret: SECRET, ...(fileValues ? { fileValues } : {}) });
}

function outputRows(result: PseudonymizeResult): Cell[][] {
  return result.workbook.sheets[0]!.rows;
}

describe('fileValues', () => {
  const whole = readWorkbook(peopleCsv(), 'people.csv');
  const schemas = [detectSchema(whole.sheets[0]!)];
  const names = fileValuesOf(whole, ['first_name', 'last_name']);
  const halves = [rowsOf(whole, 0, ROWS / 2), rowsOf(whole, ROWS / 2, ROWS)];
  const wholeRun = run(whole, schemas);

  it('is checked on a table of names the engine sees as names, with retries in it', () => {
    expect(whole.sheets[0]!.columns).toEqual(['id', 'first_name', 'last_name']);
    expect(schemas[0]!.map((schema) => schema.semantic).slice(1)).toEqual([
      'firstName',
      'lastName',
    ]);
    // The halves hold different names, met in another order.
    const firstNames = names[0]![1]!;
    const ofHalf = (half: Workbook) => [...new Set(half.sheets[0]!.rows.map((row) => row[1]))];
    const [early, late] = halves.map(ofHalf);
    expect(early!.some((name) => !late!.includes(name))).toBe(true);
    expect(late!.some((name) => !early!.includes(name))).toBe(true);
    expect(late!.filter((name) => early!.includes(name))).not.toEqual(
      early!.filter((name) => late!.includes(name)),
    );
    expect(firstNames.length).toBeGreaterThan(150);
    // Names whose pseudonym depends on the file: what fileValues exists for.
    expect(wholeRun.stats.fileDependentPseudonyms).toBeGreaterThan(10);
  });

  it('gives the halves, joined, the whole run’s name pseudonyms', () => {
    const joined = halves.flatMap((half) => outputRows(run(half, schemas, names)));
    expect(joined).toEqual(outputRows(wholeRun));
  });

  it('matters: without it, the halves’ names differ from the whole run’s', () => {
    const joined = halves.flatMap((half) => outputRows(run(half, schemas)));
    const wholeRows = outputRows(wholeRun);
    const differing = joined.filter((row, index) => row.join() !== wholeRows[index]!.join());
    expect(differing.length).toBeGreaterThan(0);
    // Only the name columns differ: ids depend on the key and the value alone.
    expect(joined.map((row) => row[0])).toEqual(wholeRows.map((row) => row[0]));
  });

  it('leaves a run of the whole table with its own values as it was', () => {
    expect(outputRows(run(whole, schemas, names))).toEqual(outputRows(wholeRun));
  });

  it('counts the file-dependent pseudonyms of its namespaces apart, once per part alike', () => {
    for (const half of halves) {
      const { stats } = run(half, schemas, names);
      expect(stats.fileDependentOfFileValues).toBeDefined();
      expect(stats.fileDependentOfFileValues).toBeLessThanOrEqual(stats.fileDependentPseudonyms);
      // Every name of the file is chosen for in each part, as in the whole run: the same count,
      // which is why a caller summing its parts counts it once.
      expect(stats.fileDependentOfFileValues).toBe(wholeRun.stats.fileDependentPseudonyms);
    }
    expect(wholeRun.stats.fileDependentOfFileValues).toBeUndefined();
  });

  it('needs the values of every column of a namespace: one column short, it is left out', () => {
    // Two first-name columns: one namespace (one kind, one format).
    const sheet = whole.sheets[0]!;
    const twoColumns: Workbook = {
      ...whole,
      sheets: [
        {
          name: sheet.name,
          columns: ['first_name', 'partner_first_name'],
          rows: sheet.rows.map((row, index) => [row[1]!, FIRST[(index * 7) % FIRST.length]!]),
        },
      ],
    };
    const twoSchemas = [detectSchema(twoColumns.sheets[0]!)];
    expect(twoSchemas[0]!.map((schema) => schema.semantic)).toEqual(['firstName', 'firstName']);
    const part = rowsOf(twoColumns, ROWS / 2, ROWS);
    const both = run(
      part,
      twoSchemas,
      fileValuesOf(twoColumns, ['first_name', 'partner_first_name']),
    );
    expect(both.stats.fileDependentOfFileValues).toBeGreaterThan(0);
    const oneShort = run(part, twoSchemas, fileValuesOf(twoColumns, ['first_name']));
    expect(oneShort.stats.fileDependentOfFileValues).toBe(0);
    // Left out, the namespace is chosen from the part's own values, as with no fileValues at all.
    expect(outputRows(oneShort)).toEqual(outputRows(run(part, twoSchemas)));
  });
});
