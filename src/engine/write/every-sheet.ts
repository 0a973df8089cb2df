import { Zip, ZipDeflate } from 'fflate';
import type { Workbook } from '../types';
import { utf8Pieces } from './utf8-pieces';
import { delimitedText, type WriteOptions } from './write-workbook';
import { writeJsonTablesChunks } from './write-json';

/*
 * A workbook of several sheets in a format that holds one table: csv and tsv as a ZIP with one
 * file per sheet, json as one object keyed by sheet. A download of a workbook so gives every
 * sheet it has, not the first or the selected one alone.
 */

/**
 * The modification time of every file in the ZIP: fixed, so that neither the clock nor the time
 * zone reaches the output (fflate writes the local fields of the date it is given).
 */
const ZIP_FILE_TIME = new Date(1980, 0, 1);

/** Characters Windows, macOS or unzip tools refuse or read as paths in a file's name. */
// eslint-disable-next-line no-control-regex -- control characters are what file systems refuse
const UNSAFE_IN_FILE_NAMES = /[\u0000-\u001f\u007f/\\:*?"<>|]/g;

/**
 * A sheet's file name in the ZIP: its name with unsafe characters as '_', then the extension;
 * a name taken already (two sheets alike once made safe) gets ' (2)', ' (3)'.
 * @example sheetFileName('Q1/Q2', 'csv', new Set()) // 'Q1_Q2.csv'
 */
export function sheetFileName(sheetName: string, extension: string, taken: Set<string>): string {
  const stem = sheetName.replace(UNSAFE_IN_FILE_NAMES, '_').trim() || 'sheet';
  let name = `${stem}.${extension}`;
  for (let copy = 2; taken.has(name.toLowerCase()); copy++) name = `${stem} (${copy}).${extension}`;
  taken.add(name.toLowerCase());
  return name;
}

/**
 * Every sheet of the workbook as a csv or tsv file (as delimitedText writes one), deflated into
 * one ZIP, in pieces as they are made: no sheet's text is held whole.
 * @example Buffer.concat([...zippedSheetChunks(workbook, 'csv')]) // a ZIP of Orders.csv, Customers.csv
 */
export function* zippedSheetChunks(
  workbook: Workbook,
  format: 'csv' | 'tsv',
  options: WriteOptions = {},
): Generator<Uint8Array, void, undefined> {
  const ready: Uint8Array[] = [];
  const zip = new Zip((error, data) => {
    if (error) throw error;
    ready.push(data);
  });
  const taken = new Set<string>();
  for (const sheet of workbook.sheets) {
    const file = new ZipDeflate(sheetFileName(sheet.name, format, taken), { level: 6 });
    file.mtime = ZIP_FILE_TIME;
    zip.add(file);
    const { bom, chunks } = delimitedText(workbook, format, { ...options, sheetName: sheet.name });
    // utf8Pieces fills one buffer again for each piece: the deflater gets a copy.
    for (const piece of utf8Pieces(chunks, bom)) {
      file.push(piece.slice());
      yield* ready.splice(0);
    }
    file.push(new Uint8Array(0), true);
    yield* ready.splice(0);
  }
  zip.end();
  yield* ready.splice(0);
}

/**
 * Every sheet of the workbook as one JSON object keyed by sheet name, each sheet's records as
 * json output writes them; a JSON document of several tables is written back in its own shape.
 * @example [...everySheetJsonChunks(workbook)].join('') // '{\n"Orders":[…],\n"Customers":[…]\n}\n'
 */
export function everySheetJsonChunks(workbook: Workbook): Generator<string, void, undefined> {
  const members =
    workbook.jsonTables ?? workbook.sheets.map((sheet) => ({ key: sheet.name, text: null }));
  return writeJsonTablesChunks(members, workbook.sheets);
}
