import type { ColumnQuoting } from '../types';
import { HEADER_SEARCH_ROWS } from './find-header-row';

/**
 * How many distinct texts a column may leave unquoted and still count as quoted: R's write.csv
 * quotes every text but writes its missing value NA bare, a database export its NULL.
 */
const MAX_BARE_TEXTS = 8;

/** How a field of one of the first records was written: quoted as it had to be, or needlessly. */
type FieldQuotes = 'bare' | 'quoted' | 'needless';

/**
 * How each column of delimited text was quoted, tallied while splitRecords splits it: files
 * quoted only where needed (RFC 4180, as Excel and pandas write) need nothing, but R's
 * write.csv quotes every text, Python's QUOTE_ALL and many database tools every field, and
 * PostgreSQL's CSV tells an empty text (`""`) from a NULL (nothing) by its quotes alone.
 * `quotingOf` turns the tally into Sheet.quoting, so output is quoted as the source was. Its
 * verdicts rest on whether a column held something, never on how often, so a text split again
 * (a block of splitUtf8Records cut inside a quoted field) may be tallied again.
 */
export class QuoteTally {
  /** The index among the file's records of the first record of the text being split. */
  recordBase = 0;
  /** What a field needs quotes for: the delimiter, a quote, a line break, or spaces around it. */
  readonly #needsQuotes: RegExp;
  /**
   * Non-empty values quoted that needed no quotes, the sign of a writer that quotes more, below
   * the records a header may be (those are in #firstRecords, as the header's do not count).
   */
  readonly #needless: number[] = [];
  /** Distinct non-empty texts left unquoted, per column; null past MAX_BARE_TEXTS. */
  readonly #bareTexts: (string[] | null)[] = [];
  /** Empty fields written without quotes, less the lines with nothing on them. */
  readonly #bareEmpties: number[] = [];
  /** The records (file indexes) where the column held `""`. */
  readonly #quotedEmpties: number[][] = [];
  /** For the records a header may be (see HEADER_SEARCH_ROWS), how each field was quoted. */
  readonly #firstRecords: FieldQuotes[][] = [];

  constructor(delimiter: string) {
    const escaped = delimiter === '|' ? '\\|' : delimiter;
    this.#needsQuotes = new RegExp(`[${escaped}"\\r\\n]|^\\s|\\s$`);
  }

  /** A quoted field `value` in `column` of record `record` (of the text being split). */
  quoted(column: number, record: number, value: string): void {
    if (column >= this.#needless.length) this.#widen(column);
    record += this.recordBase;
    const needless = value !== '' && !this.#needsQuotes.test(value);
    if (record < HEADER_SEARCH_ROWS) {
      (this.#firstRecords[record] ??= [])[column] = needless ? 'needless' : 'quoted';
    } else if (needless) {
      this.#needless[column]!++;
    }
    if (value === '') this.#quotedEmpties[column]!.push(record);
  }

  /** A field written without quotes. */
  bare(column: number, record: number, value: string): void {
    if (column >= this.#needless.length) this.#widen(column);
    record += this.recordBase;
    if (record < HEADER_SEARCH_ROWS) (this.#firstRecords[record] ??= [])[column] = 'bare';
    if (value === '') {
      this.#bareEmpties[column]!++;
      return;
    }
    const texts = this.#bareTexts[column];
    if (texts === null || texts === undefined || texts.includes(value)) return;
    if (texts.length < MAX_BARE_TEXTS) texts.push(value);
    else this.#bareTexts[column] = null;
  }

  /**
   * The field just tallied was a whole line with nothing on it (a blank line, or the end of a
   * text ending with a line break): no empty value of the first column.
   */
  blankLine(): void {
    this.#bareEmpties[0]!--;
  }

  #widen(column: number): void {
    for (let index = this.#needless.length; index <= column; index++) {
      this.#needless.push(0);
      this.#bareTexts.push([]);
      this.#bareEmpties.push(0);
      this.#quotedEmpties.push([]);
    }
  }

  /** Whether some column holds both `""` and empty fields, told apart row by row. */
  get hasMixedEmpties(): boolean {
    return this.#quotedEmpties.some(
      (records, column) => records.length > 0 && this.#bareEmpties[column]! > 0,
    );
  }

  /**
   * Sheet.quoting for the `width` columns of a table whose header is record `headerIndex` and
   * whose rows are the records `rowOfRecord` gives an index (-1: no row): undefined where every
   * column was quoted only where needed. A column's values count as quoted when some were
   * quoted that needed no quotes (which Excel, LibreOffice and pandas never do by default) and
   * at most MAX_BARE_TEXTS texts were left bare.
   */
  quotingOf(
    width: number,
    headerIndex: number,
    rowCount: number,
    rowOfRecord: Int32Array | null,
  ): (ColumnQuoting | undefined)[] | undefined {
    const header = this.#firstRecords[headerIndex] ?? [];
    // The first records below the header: rows, whose quotes count.
    const firstRows = this.#firstRecords.slice(headerIndex + 1);
    const quoting: (ColumnQuoting | undefined)[] = [];
    let any = false;
    for (let column = 0; column < width; column++) {
      const bareTexts = this.#bareTexts[column];
      const needless =
        (this.#needless[column] ?? 0) > 0 ||
        firstRows.some((record) => record?.[column] === 'needless');
      const values = needless && bareTexts !== null && bareTexts !== undefined;
      const quotedEmpties = (this.#quotedEmpties[column] ?? []).filter(
        (record) => record !== headerIndex,
      );
      let empties: ColumnQuoting['empties'] = 'bare';
      if (quotedEmpties.length > 0) {
        if ((this.#bareEmpties[column] ?? 0) === 0) empties = 'quoted';
        else if (rowOfRecord) {
          empties = new Uint8Array(rowCount);
          for (const record of quotedEmpties) {
            const row = rowOfRecord[record] ?? -1;
            if (row >= 0) empties[row] = 1;
          }
        }
      }
      const headerQuoted = (header[column] ?? 'bare') !== 'bare';
      if (!values && empties === 'bare' && !headerQuoted) {
        quoting.push(undefined);
        continue;
      }
      any = true;
      quoting.push({
        values,
        bare: values ? bareTexts : [],
        empties,
        header: headerQuoted,
      });
    }
    return any ? quoting : undefined;
  }
}
