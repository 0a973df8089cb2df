import { EngineError } from '../errors';
import type { CsvLayout, FileFormat, Workbook } from '../types';
import {
  decodeText,
  MAX_TEXT_FILE_BYTES,
  utf16Of,
  utf8TextStart,
  type DecodedText,
} from './decode-text';
import {
  LAYOUT_SAMPLE_CHARS,
  preferredDelimiter,
  readDelimited,
  readDelimitedUtf8,
  sniffDelimiter,
} from './read-delimited';
import { readJsonDocument } from './read-json';
import { resolveReadLimits, type ReadLimits } from './read-limits';
import { firstWideLead } from './split-records';
import { readSpreadsheet } from './read-spreadsheet';

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

/** BIFF2–BIFF5 xls written as a bare stream (no OLE2 container), as very old tools did. */
function isBareBiff(bytes: Uint8Array): boolean {
  return bytes[0] === 0x09 && [0x00, 0x02, 0x04, 0x08].includes(bytes[1] ?? -1) && bytes[3] === 0;
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** The file name without folders and extension: the sheet name of a CSV, TSV or JSON file. */
function baseName(fileName: string): string {
  const name = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = name.lastIndexOf('.');
  const base = (dot > 0 ? name.slice(0, dot) : name).trim();
  return base === '' ? 'Sheet1' : base;
}

/**
 * Binary content, judged on the start of the decoded text. Bytes that were not valid UTF-8 are
 * binary at the first NUL or when over 5% are control characters; valid UTF-8/UTF-16 text may
 * hold the odd NUL or control character in a value (database dumps do), so only a text that is
 * mostly control characters counts as binary.
 */
function looksBinary(text: string, encoding: DecodedText['encoding']): boolean {
  const sample = text.slice(0, 4096);
  let nul = 0;
  let control = 0;
  for (let index = 0; index < sample.length; index++) {
    const code = sample.charCodeAt(index);
    if (code === 0) nul++;
    else if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c)
      control++;
  }
  if (encoding === 'windows-1252') return nul > 0 || control > sample.length * 0.05;
  return nul + control > sample.length * 0.3;
}

/** Text that opens like XML or HTML (`<?xml`, `<!DOCTYPE`, `<table>`), not a header like "≮". */
const MARKUP_START = /^<(?:[?!]|[A-Za-z][\w:.-]*(?:[\s/>]|$))/;

/**
 * What a text is by its start (`trimmed`: its start without leading white space), in the order
 * readWorkbook tells them: nothing, markup (Excel 2003 XML, an HTML table), JSON to try, else a
 * delimited table. The one ladder of both readWhole and readWideUtf8Delimited, which judges the
 * start of a file alone.
 */
function textKindOf(trimmed: string): 'empty' | 'markup' | 'json' | 'delimited' {
  if (trimmed === '') return 'empty';
  if (MARKUP_START.test(trimmed)) return 'markup';
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) return 'json';
  return 'delimited';
}

/** Extensions of files that must be JSON: a document, or JSON Lines. */
const JSON_EXTENSIONS: ReadonlySet<string> = new Set(['json', 'jsonl', 'ndjson']);

/** Whether a text's first line is a JSON object on its own, as JSON Lines' records are. */
function firstLineIsJsonObject(text: string): boolean {
  const end = text.search(/\r|\n/);
  const line = (end < 0 ? text : text.slice(0, end)).trim();
  if (!line.startsWith('{') || !line.endsWith('}')) return false;
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

const SPREADSHEET_LABEL: Record<string, 'XLSX' | 'XLS'> = {
  xlsx: 'XLSX',
  xlsm: 'XLSX',
  xls: 'XLS',
};

/**
 * The spreadsheet format readWorkbook reads these bytes as, told without reading them: a ZIP or
 * OLE2 container or a bare BIFF stream by its bytes, else a file named .xlsx, .xlsm or .xls (a
 * table in markup); null for a text file. For a caller that plans a read's memory before it.
 * @example spreadsheetFormatOf(bytes, 'orders.xls') // 'xls'
 */
export function spreadsheetFormatOf(bytes: Uint8Array, fileName: string): 'xlsx' | 'xls' | null {
  if (startsWith(bytes, ZIP_SIGNATURE)) return 'xlsx';
  if (startsWith(bytes, OLE2_SIGNATURE) || isBareBiff(bytes)) return 'xls';
  const label = SPREADSHEET_LABEL[extensionOf(fileName)];
  return label === undefined ? null : label === 'XLSX' ? 'xlsx' : 'xls';
}

/**
 * Reads an uploaded file into a workbook of tables. The format comes from the content first
 * (ZIP → xlsx, OLE2 → xls, JSON by parsing, CSV vs TSV by sniffing the delimiter among comma,
 * tab, semicolon and pipe) and from the extension second; when the content contradicts the
 * extension and cannot be read, the error says so. Throws EngineError.
 * @example readWorkbook(new TextEncoder().encode('a,b\n1,2\n'), 'data.csv').sheets[0]?.rows // [['1', '2']]
 */
export function readWorkbook(bytes: Uint8Array, fileName: string, limits?: ReadLimits): Workbook {
  const resolved = resolveReadLimits(limits);
  return readWideUtf8Delimited(bytes, fileName, resolved) ?? readWhole(bytes, fileName, resolved);
}

/**
 * How much of a file's start readWideUtf8Delimited decodes to choose the format and layout: at
 * least LAYOUT_SAMPLE_CHARS characters, as no UTF-16 unit takes more than three bytes of UTF-8.
 */
const HEAD_BYTES = 3 * LAYOUT_SAMPLE_CHARS + 3;

/**
 * A UTF-8 csv or tsv with a character above U+00FF, read a block at a time (readDelimitedUtf8)
 * and never decoded whole, which would make it a string of two bytes per character, twice the
 * file (a single "’" in 50 MB of text cost 0.45 s and 130 MB more at the run's peak). Only when
 * the start of the file shows that readWhole would read it as such: no container, no UTF-16, no
 * JSON, markup or binary, valid UTF-8, and not named as a spreadsheet or JSON (those are judged
 * on the whole text). Null for every other file, and for one whose bytes turn out further on not
 * to be UTF-8 or to hold a quoted field splitRecords cannot split: readWhole reads those.
 * @example readWideUtf8Delimited(new TextEncoder().encode('name\nŁukasz\n'), 'people.csv', DEFAULT_READ_LIMITS)?.sheets[0]?.rows // [['Łukasz']]
 */
export function readWideUtf8Delimited(
  bytes: Uint8Array,
  fileName: string,
  limits: Required<ReadLimits>,
): Workbook | null {
  if (bytes.length === 0 || bytes.length > MAX_TEXT_FILE_BYTES) return null;
  if (spreadsheetFormatOf(bytes, fileName) !== null || utf16Of(bytes) !== null) return null;
  if (JSON_EXTENSIONS.has(extensionOf(fileName))) return null;
  const textStart = utf8TextStart(bytes);
  if (firstWideLead(bytes, textStart) < 0) return null;
  const whole = bytes.length <= HEAD_BYTES;
  let head: string;
  try {
    // Streamed, a character cut at the end of the start is left out, not an error.
    head = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(
      bytes.subarray(textStart, Math.min(bytes.length, HEAD_BYTES)),
      { stream: !whole },
    );
  } catch {
    return null;
  }
  if (!whole && head.length < LAYOUT_SAMPLE_CHARS) return null;
  if (looksBinary(head, 'utf-8') || textKindOf(head.trimStart()) !== 'delimited') return null;
  const read = readDelimitedUtf8(
    bytes,
    textStart,
    head,
    preferredDelimiter(fileName),
    baseName(fileName),
    limits,
  );
  if (!read) return null;
  const { sheet, delimiter, newline, sepLine } = read;
  const csv: CsvLayout = { delimiter, newline, bom: textStart > 0 };
  if (sepLine) csv.sepLine = true;
  return { format: delimiter === '\t' ? 'tsv' : 'csv', sheets: [sheet], csv };
}

/** readWorkbook of a file in memory, whole: every format, every encoding. */
function readWhole(bytes: Uint8Array, fileName: string, resolved: Required<ReadLimits>): Workbook {
  const extension = extensionOf(fileName);
  const spreadsheetLabel = SPREADSHEET_LABEL[extension];
  if (bytes.length === 0) throw new EngineError('INVALID_FILE', 'The file is empty.');

  if (startsWith(bytes, ZIP_SIGNATURE)) {
    return { format: 'xlsx', sheets: readSpreadsheet(bytes, 'XLSX', resolved) };
  }
  if (startsWith(bytes, OLE2_SIGNATURE) || isBareBiff(bytes)) {
    // Encrypted xlsx files are OLE2 containers too; name what the user thinks they uploaded.
    return { format: 'xls', sheets: readSpreadsheet(bytes, spreadsheetLabel ?? 'XLS', resolved) };
  }

  const { text, bom, encoding } = decodeText(bytes);
  if (looksBinary(text, encoding)) {
    const label = spreadsheetLabel ?? (extension === '' ? 'data' : extension.toUpperCase());
    throw new EngineError(
      'INVALID_FILE',
      spreadsheetLabel
        ? `This file is not a valid ${label} workbook.`
        : `This file is not a valid ${label} file: it holds binary data, not text.`,
    );
  }
  const trimmed = text.trimStart();
  const kind = textKindOf(trimmed);
  if (kind === 'empty') throw new EngineError('INVALID_FILE', 'The file is empty.');

  // Spreadsheet XML (Excel 2003) or an HTML table saved as .xls, as many web apps export.
  if (kind === 'markup') {
    if (!spreadsheetLabel) {
      throw new EngineError(
        'INVALID_FILE',
        `This file is not a valid ${extension.toUpperCase() || 'data'} file: it holds XML or HTML.`,
      );
    }
    return {
      format: extension === 'xlsx' ? 'xlsx' : 'xls',
      sheets: readSpreadsheet(bytes, spreadsheetLabel, resolved),
    };
  }

  const name = baseName(fileName);
  const jsonNamed = JSON_EXTENSIONS.has(extension);
  if (kind === 'json') {
    try {
      const { sheets, jsonTables } = readJsonDocument(text, name, resolved);
      return { format: 'json', sheets, ...(jsonTables ? { jsonTables } : {}) };
    } catch (error) {
      // "[id],name" is a CSV header; a .json file must be JSON, and so must a file whose first
      // line is a whole JSON object: JSON Lines with a broken line further down, read as csv,
      // would make its first record (originals) the header every output row repeats.
      if (
        jsonNamed ||
        firstLineIsJsonObject(trimmed) ||
        !(error instanceof EngineError) ||
        error.code !== 'INVALID_FILE'
      ) {
        throw error;
      }
    }
  }
  if (jsonNamed) {
    throw new EngineError(
      'INVALID_FILE',
      'This file is not valid JSON: it does not start with { or [.',
    );
  }

  const preferred = preferredDelimiter(fileName);
  if (spreadsheetLabel) {
    // Text named .xlsx/.xls is read only when it clearly is a delimited table.
    const delimiter = sniffDelimiter(text, preferred);
    const firstLine = text.slice(0, text.search(/\r|\n|$/));
    if (!firstLine.includes(delimiter)) {
      throw new EngineError(
        'INVALID_FILE',
        `This file is not a valid ${spreadsheetLabel} workbook.`,
      );
    }
  }
  const { sheet, delimiter, newline, sepLine } = readDelimited(text, preferred, name, resolved);
  const format: FileFormat = delimiter === '\t' ? 'tsv' : 'csv';
  // Output is UTF-8: without a BOM, Excel would read a Windows-1252 file's accents as mojibake.
  const csv: CsvLayout = { delimiter, newline, bom: bom || encoding === 'windows-1252' };
  if (sepLine) csv.sepLine = true;
  return { format, sheets: [sheet], csv };
}
