/**
 * The engine's door to SheetJS's code page tables (cpexcel), which legacy xls files (BIFF5 and
 * older) need for their text. They are loaded when the first spreadsheet is read, not when the
 * engine is: they take about 30 MB and 70 ms to load, which a run of a csv, tsv or json file
 * never needs. A synchronous `require` of their CommonJS build keeps reading synchronous.
 */
import { createRequire } from 'node:module';
import { set_cptable } from '@e965/xlsx';

let loaded = false;

/** Gives SheetJS its code page tables, once per process. */
export function loadCodePages(): void {
  if (loaded) return;
  set_cptable(createRequire(import.meta.url)('@e965/xlsx/dist/cpexcel.js'));
  loaded = true;
}
