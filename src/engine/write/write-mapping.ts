import type { FileFormat, Sheet, Workbook } from '../types';
import { writeWorkbook } from './write-workbook';

/**
 * The format a run's mapping is written in: the file's when that is a text format, csv for a
 * workbook, since a mapping can hold more rows than a sheet (65,535 in xls): converted to the
 * workbook's format (convertWritten with splitLongSheets), it continues over several sheets.
 * @example mappingFormatOf('xlsx') // 'csv'
 */
export function mappingFormatOf(format: FileFormat): FileFormat {
  return format === 'xlsx' || format === 'xls' ? 'csv' : format;
}

/**
 * A run's mapping sheet as bytes in mappingFormatOf(`format`), laid out like the run's output
 * (a csv's delimiter, line ending and BOM).
 * @example writeMapping(result.workbook, result.mapping, 'csv')
 */
export function writeMapping(output: Workbook, mapping: Sheet, format: FileFormat): Uint8Array {
  // The mapping is one table, whatever tables a JSON document of the run held.
  const { jsonTables: _tables, ...layout } = output;
  return writeWorkbook({ ...layout, sheets: [mapping] }, mappingFormatOf(format));
}

/** The name convertWritten reads a mapping written by writeMapping under. */
export function mappingFileName(format: FileFormat): string {
  return `mapping.${mappingFormatOf(format)}`;
}
