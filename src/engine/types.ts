/**
 * The engine's data model, shared by the reader/writer, detection, pseudonymization, the server
 * and (as types only) the client. Tables are arrays of rows in column order: never objects keyed
 * by column name (a column named "2024" would jump to the front of a JS object).
 */

export const FILE_FORMATS = ['csv', 'tsv', 'json', 'xlsx', 'xls'] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];

/** The file name endings an upload is accepted with, one per format. */
export const FILE_EXTENSIONS = FILE_FORMATS.map((format) => `.${format}` as const);

/**
 * The largest file the web upload takes, 50 MiB: the server refuses more with 413 and the page
 * checks it before sending. It is the web's limit, not the engine's, which reads larger files.
 */
export const WEB_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

/**
 * One cell as read:
 * - `string`: text exactly as written (every CSV/TSV value; JSON strings; spreadsheet text);
 * - `number`: a real number (JSON numbers, spreadsheet numeric cells);
 * - `boolean`: JSON booleans and spreadsheet boolean cells;
 * - `Date`: a spreadsheet date cell. Its UTC fields hold the wall-clock date and time the sheet
 *   shows (no time zone is implied);
 * - `null`: a missing cell (empty spreadsheet cell, JSON null or absent key).
 * A blank cell is `null` or `''` (see `isBlankCell`).
 */
export type Cell = string | number | boolean | Date | null;

export interface Sheet {
  name: string;
  /** Column names, unique within the sheet. */
  columns: string[];
  /**
   * The header row's cells as the source wrote them, where some differ from `columns` (a blank
   * or repeated header cell, which columns name `column_1`, `name_2`): csv, tsv, xlsx and xls
   * output write these back. Absent where every cell is its column's name.
   */
  headerCells?: string[];
  /**
   * xlsx/xls sources: per column, a header cell that was a number or a date (a pivot's years or
   * months) with its number format, which xlsx and xls output write back as such; its column
   * name is its displayed text. Absent where every header cell was text.
   */
  headerValues?: (HeaderValue | undefined)[];
  /** Every row has exactly `columns.length` cells. */
  rows: Cell[][];
  /**
   * csv/tsv sources whose every row ends with the same number of empty fields past the table's
   * last column (a trailing delimiter on rows but not on the header, as a bank's export
   * writes): that number, which csv and tsv output write back on every row. They make no column.
   */
  trailingDelimiters?: number;
  /**
   * The lines above the header that are no part of the table (a report's title, an export's
   * date, comment lines, the blank lines between), as read: csv, tsv, xlsx and xls output write
   * them back above the header (a spreadsheet's cells from the table's first column on).
   * Pseudonymized, their text cells are replaced as a JSON wrapper's are. Absent when the header
   * is the first line.
   */
  preamble?: Cell[][];
  /**
   * Spreadsheet number format per column (the format most of the column's numeric/date cells
   * carry, e.g. 'm/d/yyyy', '0.00', '#,##0.00 [$€-407]'), `null` where none. Only for xlsx/xls.
   */
  numberFormats?: (string | null)[];
  /**
   * Number formats of single numeric/date cells that differ from their column's entry in
   * `numberFormats` ('General' for a cell shown as is): per column, row index → format, the
   * column's slot empty where no cell differs. Only for xlsx/xls. A pseudonym written at the
   * same position keeps the cell's format. Read a cell's format with `cellNumberFormat`.
   */
  cellFormats?: (Map<number, string> | undefined)[];
  /**
   * JSON sources: each column's key path (`['address', 'city']` for the column `address.city`),
   * so nesting is restored on JSON output and a flat key "a.b" is never confused with {a:{b}}.
   */
  paths?: string[][];
  /**
   * JSON sources: per column, whether its text cells are all JSON source text (arrays and
   * objects as JSON, numbers a double cannot hold such as 16142028098527942586 or 1e400, and
   * Python's NaN/Infinity), written back unquoted in JSON output; other formats write the text.
   */
  jsonText?: boolean[];
  /**
   * JSON sources: per column, the rows whose record had no such key (1), left out of JSON
   * output, where a key that held null is written as null; the column's slot is empty where
   * every record had the key.
   */
  absentKeys?: (Uint8Array | undefined)[];
  /**
   * JSON sources whose records sat in one array of a wrapper object (`{"data": [...],
   * "total": 2}`): the wrapper's members in order, each as JSON text, the records' own slot
   * null, so JSON output puts the records back inside it. Pseudonymized, its text values are
   * replaced; its keys, numbers, booleans and nulls stay.
   */
  jsonWrapper?: JsonWrapperMember[];
  /**
   * JSON sources that were no array of records: the shape JSON output writes back (JsonShape).
   * Absent for an array of records, in a wrapper or not.
   */
  jsonShape?: JsonShape;
  /**
   * CSV/TSV sources not quoted only where needed: per column, how its fields were quoted (see
   * ColumnQuoting), so csv/tsv output quotes them the same way; absent when every column was
   * quoted as RFC 4180 asks and no more (Excel, pandas), a column's slot empty where it was.
   */
  quoting?: (ColumnQuoting | undefined)[];
}

/**
 * How a CSV/TSV source quoted one column: R's write.csv quotes every text and its header, but
 * writes NA bare; Python's QUOTE_ALL and database tools quote every field; PostgreSQL tells an
 * empty text (`""`) from a NULL (nothing) by its quotes alone.
 */
export interface ColumnQuoting {
  /** Whether its non-empty values are quoted, apart from the texts in `bare`. */
  values: boolean;
  /** The few texts a quoted column left bare (R's NA, a NULL marker), written bare again. */
  bare: string[];
  /** Its empty values: all `""`, all nothing, or per row (1: `""`) where the source wrote both. */
  empties: 'quoted' | 'bare' | Uint8Array;
  /** Whether its header cell was quoted. */
  header: boolean;
}

/**
 * How a JSON document held its table, other than as an array of records:
 * - `object`: one record (an API's response for one thing), written back as that object;
 * - `columnar`: an object of arrays, `{"name": ["Ann", "Bob"]}`;
 * - pandas' `to_json` orients `split`, `index`, `columns` and `values`. `index` tells where
 *   the frame's index went: its labels were 0, 1, 2, … (`default`), were data of the frame's
 *   own, read into the first column (`column`), or were not written (`none`, split only).
 */
export type JsonShape =
  | { kind: 'object' | 'columnar' | 'values' }
  | { kind: 'split' | 'index' | 'columns'; index: 'default' | 'column' | 'none' };

/** A spreadsheet's header cell that was no text (Sheet.headerValues). */
export interface HeaderValue {
  value: number | Date;
  format: string | null;
}

/** A member of a JSON wrapper object (Sheet.jsonWrapper): its key and JSON text, null for the records. */
export interface JsonWrapperMember {
  key: string;
  text: string | null;
}

/** How a CSV/TSV source was written, so output can be written the same way. */
export interface CsvLayout {
  delimiter: ',' | ';' | '\t' | '|';
  newline: '\r\n' | '\n' | '\r';
  /**
   * Whether output starts with a UTF-8 byte-order mark: the source had one, or it was
   * Windows-1252 (output is UTF-8, which Excel reads as the ANSI code page without a BOM).
   */
  bom: boolean;
  /** Whether the source began with Excel's "sep=;" line, written back on output. */
  sepLine?: boolean;
}

export interface Workbook {
  format: FileFormat;
  sheets: Sheet[];
  /** Present for csv/tsv sources. */
  csv?: CsvLayout;
  /**
   * JSON sources that hold several tables (`{"customers": [...], "orders": [...], "exported":
   * "2024-05-01"}`): the document's members in order, each table's text null, the tables being
   * the sheets in the same order. JSON output of the whole workbook writes the document back so;
   * pseudonymized, its other members' text values are replaced like a wrapper's (jsonWrapper).
   */
  jsonTables?: JsonWrapperMember[];
}

export const COLUMN_TYPES = [
  'string',
  'number',
  'email',
  'phone',
  'date',
  'datetime',
  'boolean',
  'blank',
] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

/**
 * What a column's rule does: 'auto' (a pseudonym fitting the column), 'keep', 'blank', 'faker'
 * (a named Faker method), or 'redact' (text kept as written except the personal data found in
 * it: emails, phones, URLs, IBANs, cards and the dataset's own names and values).
 */
export const RULE_ACTIONS = ['auto', 'keep', 'blank', 'faker', 'redact'] as const;
export type RuleAction = (typeof RULE_ACTIONS)[number];

export interface ColumnRule {
  action: RuleAction;
  /** Dotted Faker method from the catalogue (`person.firstName`) when action is `faker`. */
  fakerMethod?: string;
}

/** What a column means, from its header and values. */
export const SEMANTICS = [
  'firstName',
  'middleName',
  'lastName',
  'fullName',
  'prefix',
  'suffix',
  'gender',
  'email',
  'phone',
  'username',
  'password',
  'url',
  'domain',
  'ipv4',
  'ipv6',
  'mac',
  'userAgent',
  'streetAddress',
  'street',
  'city',
  'state',
  'country',
  'countryCode',
  'zipCode',
  'latitude',
  'longitude',
  'company',
  'jobTitle',
  'department',
  'iban',
  'bic',
  'creditCard',
  'accountNumber',
  'ssn',
  'uuid',
  'peptide',
  'currencyCode',
  'birthDate',
] as const;
export type Semantic = (typeof SEMANTICS)[number];

/** The smallest and largest of some numbers (or wall-clock instants in milliseconds), both included. */
export interface NumericRange {
  min: number;
  max: number;
}

/**
 * How a measure column (a number column that is no identifier) draws its pseudonyms:
 * 'distribution' keeps the shape of its values (each value moved by a keyed 2-10%), 'range'
 * draws evenly across the observed or user-set range.
 */
export const NUMBER_MODES = ['distribution', 'range'] as const;
export type NumberMode = (typeof NUMBER_MODES)[number];

/**
 * How a date column's values move with the other dates of their row: every date of a row keyed
 * by the same entity moves by one keyed offset of 1 to `windowDays` days, either way.
 */
export interface DateShift {
  /** The column whose value names the row's entity; absent: picked automatically. */
  entityColumn?: string;
  /** Largest offset in days (180 by default). */
  windowDays?: number;
}

/** The earliest and latest of some dates as ISO 8601 wall-clock text ('2023-04-17', '2023-04-17T10:00:00'). */
export interface IsoDateRange {
  min: string;
  max: string;
}

/** How the numbers of a number column are written. */
export interface NumberLayout {
  /** Largest count of fraction digits (0 for integers), at most 10. */
  precision: number;
  integer: boolean;
  /**
   * Whether every value is whole though written with decimals ('38.0', '45.00': pandas writes
   * a column of whole numbers with a missing value so): present and true only then.
   */
  wholeValues?: boolean;
  decimalSeparator: '.' | ',';
  /** Grouping separator seen in the column, or null when digits are not grouped. */
  thousandsSeparator: ',' | '.' | ' ' | '\u00a0' | "'" | null;
  /** Text before the digits (after any sign), e.g. '$', '€ '. */
  prefix: string;
  /** Text after the digits, e.g. '%', ' €', ' USD'. */
  suffix: string;
  /** Whether some values are negative. */
  negative: boolean;
  /** How negatives are written: '-1.50' (default) or accounting style '(1.50)'. */
  negativeStyle?: 'minus' | 'parentheses';
  /** Whether positive values carry an explicit '+' ('+2.5%'). */
  explicitPlus?: boolean;
  /**
   * Where a negative's sign goes: before the prefix ('-$5.00', when absent), after it ('$-5.00',
   * '$ (5.00)'), or after the digits ('1.234,56-', as SAP writes).
   */
  signPosition?: 'afterPrefix' | 'trailing';
  /** The minus character when it is not '-': the typographic minus '−' (U+2212). */
  minusSign?: '\u2212';
  /** Whether numbers between -1 and 1 are written without the zero before the point ('.5'). */
  bareFraction?: boolean;
}

/**
 * A column of digit codes (ids with leading zeros such as '00123', digit strings longer than 15
 * digits): text, not numbers. Its digit pattern (length, leading zeros) must be kept.
 */
export interface DigitCodeLayout {
  minLength: number;
  maxLength: number;
  /** Whether some codes start with '0'. */
  leadingZeros: boolean;
}

export interface ColumnSchema {
  name: string;
  type: ColumnType;
  /** The first few distinct non-empty values, as display text. The first is shown on the card. */
  examples: string[];
  /** One plain line for the schema card. */
  description: string;
  semantic: Semantic | null;
  /** The Faker method the `auto` rule uses for this column's semantic, if any. */
  suggestedMethod: string | null;
  rule: ColumnRule;
  /** Numbers: observed (or user-set) min and max. */
  range?: NumericRange;
  /**
   * Whether `range` (numbers) or `dateRange` (dates) was set by the user. Pseudonyms then stay
   * inside it exactly, even when it is too narrow to keep them off the originals (an observed
   * range is widened then).
   */
  rangeSetByUser?: boolean;
  /**
   * Measures: how pseudonyms are drawn (see NUMBER_MODES). Absent: 'range' when the user set a
   * range, else 'distribution' (see numberModeOf).
   */
  numberMode?: NumberMode;
  /** Dates/datetimes: observed (or user-set) range as ISO 8601 text. */
  dateRange?: IsoDateRange;
  /**
   * Dates/datetimes: how the dates of a row move together (see shiftRowDates). Absent: by the
   * sheet's first identifier column, ±180 days; birth dates are drawn per value unless set.
   */
  dateShift?: DateShift;
  /** Dates/datetimes: the pattern name ('YYYY-MM-DD', 'M/D/YYYY h:mm:ss A', 'ISO 8601'...). */
  format?: string;
  /** Datetimes: the time zone written in the values ('Z', '+02:00'), when there is one. */
  timeZone?: string;
  /** Numbers: fraction digits (same as number.precision). */
  precision?: number;
  number?: NumberLayout;
  /** Strings that are digit codes: how long they are (see DigitCodeLayout). */
  code?: DigitCodeLayout;
  /** Booleans: the texts written for true and false ('Yes'/'No', 'TRUE'/'FALSE', '1'/'0'). */
  boolean?: { trueText: string; falseText: string };
  /**
   * Texts that mark a missing value ('NaN', 'NULL', 'N/A', ...) seen in the column. They are
   * left out of type detection; they carry no personal data, so they can be kept as they are.
   */
  missingMarkers?: string[];
  /** Non-empty values that do not fit the detected type. */
  invalidCount: number;
  nonEmptyCount: number;
  distinctCount: number;
  /** Whether distinctCount is an estimate (very large columns). */
  distinctApproximate?: boolean;
}

export interface MappingEntry {
  sheet: string;
  column: string;
  original: string;
  pseudonym: string;
}

export interface PseudonymizeOptions {
  /** Same secret, same pseudonyms across files and runs. A random 32-byte secret otherwise. */
  secret?: string | Uint8Array;
  /**
   * The pseudonym scheme to follow (PSEUDONYM_SCHEME_VERSION when left out): an older one gives
   * the pseudonyms that scheme gave, for runs under a recipe made with it.
   */
  scheme?: number;
  /**
   * Hears how far the run is, phase by phase (PseudonymizePhase): `done` of `total` columns
   * scanned, distinct values given a pseudonym, row rules applied to sheets, free-text values
   * rewritten. Called once per column, namespace or rule, never per value, so it may draw a
   * progress bar.
   */
  onProgress?: (phase: PseudonymizePhase, done: number, total: number) => void;
  /**
   * When the workbook is a part of a larger file (the command line streams a large csv a part at
   * a time): the file's values of some columns, so their pseudonyms are the ones a run of the
   * whole file gives, whatever the part holds. See FileValues.
   */
  fileValues?: FileValues;
  /**
   * When the workbook is a part of a larger file: the addresses rebuilt from names (emails,
   * usernames) that the file's earlier parts handed out, so that no two originals of the file
   * get the same one and an original gets the same one in every part. See SharedAddresses.
   */
  sharedAddresses?: SharedAddresses;
  /**
   * When the workbook is a part of a larger file: the file's share of true in its two-valued
   * columns, so each row draws as in a run of the whole file (row-booleans.ts). A column left
   * out uses the part's own share.
   */
  twoValuedShares?: TwoValuedShares;
  /**
   * A second thread that chooses some namespaces' pseudonyms while the run chooses the others
   * (the command line and the server give one for large files). The output is the same with or
   * without it; only the time differs.
   */
  generationHelper?: GenerationHelper;
}

/**
 * Another thread that chooses pseudonyms for a run (chooseForRun, on its side), held by the
 * caller. The run calls start() once with the namespaces either side may take, goes on with its
 * own and takes more from the same queue, then finish(), which waits for the helper's choices.
 */
export interface GenerationHelper {
  start(task: HelperTask): void;
  /**
   * The choices of the namespaces the helper took; null when it failed or is too late (the run
   * then chooses those itself: the same pseudonyms).
   */
  finish(): HelperChoice[] | null;
  /**
   * Starts finding the personal data in a run's free texts (findSpansForRun, on its side), which
   * the run does not need before its row rules ran. Optional: without it, the run finds it.
   */
  findSpans?(task: SpanTask): void;
  /** The spans findSpans found; null when it failed or is too late (the run finds them). */
  spansFound?(): FoundSpans | null;
}

/** What a run hands a helper to find the personal data in its free texts (PiiInText.spanTask). */
export interface SpanTask {
  /** The run's distinct free texts, each free-text namespace's by number. */
  texts: string[];
  /** The dataset's values the texts may hold, in the order of their numbers (KnownValues.searched). */
  known: string[];
  /**
   * What the helper needs to write the first pseudonym of a text it finds nothing in, as the
   * run would: the run's secret and scheme, and each free-text namespace's kind from the number
   * of its first text on.
   */
  secret: Uint8Array;
  scheme: number;
  kinds: { start: number; kind: string }[];
}

/**
 * What a helper found in a SpanTask's texts. Text i's spans are spans[4 × starts[i]] up to
 * spans[4 × starts[i + 1]], four numbers each: start, end, kind (its place in PII_KINDS), and the
 * place in `known` of the value found, or -1 for one found by its pattern.
 */
export interface FoundSpans {
  starts: Int32Array<ArrayBuffer>;
  spans: Int32Array<ArrayBuffer>;
  /**
   * Each text's first pseudonym (PiiInText.rewrite, attempt 0) where the helper could write it:
   * it found nothing in the text, which holds no JSON and no IP address; null elsewhere.
   */
  rewritten: (string | null)[];
}

/** What a run hands to its GenerationHelper: everything a namespace's choice reads. */
export interface HelperTask {
  secret: Uint8Array;
  scheme: number;
  /**
   * The file's names, emails and phones as the helper checks its candidates against them
   * (SensitiveHashes). The run may fill their shapes after start(), while the helper receives
   * the rest of the task.
   */
  sensitive: SensitiveTables;
  /**
   * Shared: sensitiveReady[0] is raised to 1 (Atomics.notify) once the shapes of `sensitive` are
   * filled; the helper waits for it before it chooses anything.
   */
  sensitiveReady: Int32Array;
  /** The queue of namespaces either side may take, the costliest first. */
  namespaces: {
    /** The schema of the column whose plan the namespace follows, and its range overrides. */
    schema: ColumnSchema;
    overrides?: { range?: NumericRange; dateRange?: NumericRange };
    /**
     * The distinct originals, in the order the run numbered them, and their index (whose keys
     * are the originals themselves while they are all text: one array, copied once).
     */
    originals: Cell[];
    ids: KeyIndexTable;
  }[];
  /**
   * Shared by the run and the helper (over a SharedArrayBuffer): claims[0] is the index of the
   * next namespace of the queue to take. Each side takes one with Atomics.add, so each namespace
   * is chosen once, by whichever side is free first.
   */
  claims: Int32Array;
}

/**
 * The file's names, emails and phones as hashes and shapes, not texts, in shared memory
 * (SensitiveOriginals.tables): what a generation thread holds them by (SensitiveHashes).
 */
export interface SensitiveTables {
  /** The hashes of them all (StringHashSet.table). */
  hashes: StringHashSetTable;
  /** Per namespace of them: its index's slots (KeyIndexTable.entries), and each one's textShape. */
  namespaces: { entries: Int32Array; shapes: Int32Array }[];
}

/** A StringHashSet as data (StringHashSet.table): its slots, 0 for an empty one, and its count. */
export interface StringHashSetTable {
  hashes: Int32Array;
  count: number;
}

/**
 * A namespace's index of distinct values as data (KeyIndex.table): its keys by number, and its
 * open-addressing slots, so another thread holds it without hashing every key again.
 */
export interface KeyIndexTable {
  keys: string[];
  entries: Int32Array;
}

/** A namespace's pseudonyms as its helper chose them, with the figures choosing them counts. */
export interface HelperChoice {
  /** The namespace's place in the task's queue. */
  index: number;
  pseudonyms: Cell[];
  exhausted: number;
  placed: number;
  fileDependent: number;
}

/**
 * Addresses rebuilt from their row's names (row-people.ts) that a file's parts share, held by
 * the caller (the command line keeps them in shared memory between its worker threads). The run
 * of a part calls enter() before its row rules and leave() after them, so the parts take their
 * turns in the file's order: what a part finds taken is what a run of the whole file would have
 * handed out before it.
 */
export interface SharedAddresses {
  /** Waits until the parts before this one have rebuilt their addresses. */
  enter(): void;
  /** Whether an earlier part gave `address` to another original than `original`. */
  takenByAnother(address: string, original: string): boolean;
  /** Notes that `address` went to `original`. */
  take(address: string, original: string): void;
  /** Lets the next part take its turn. */
  leave(): void;
}

/**
 * Per sheet, per column: every distinct value the whole file holds in that column, in order of
 * first appearance, or undefined where they are not known. A namespace (columns of one kind and
 * format) whose every column has them knows all its originals before choosing, in the order a
 * run of the whole file finds them, so its pseudonyms, retries included, are that run's.
 */
export type FileValues = readonly (readonly (readonly Cell[] | undefined)[] | undefined)[];

/**
 * Per sheet, per column: the share of true (0..1) among the cells of a two-valued column (a
 * boolean, a measure of 0 and 1) over the whole file a workbook is a part of. See
 * PseudonymizeOptions.twoValuedShares.
 */
export type TwoValuedShares = readonly (readonly (number | undefined)[] | undefined)[];

/** The phases of a run that report progress, in the order they run. */
export type PseudonymizePhase = 'scan' | 'generate' | 'rows' | 'text';

export interface PseudonymizeStats {
  /** The pseudonym scheme the run followed (PseudonymizeOptions.scheme). */
  scheme: number;
  rowsProcessed: number;
  cellsProcessed: number;
  columnsPseudonymized: number;
  /** Share (0..1) of pseudonymized columns whose output re-detects with the same type and format. */
  schemaMatch: number;
  /**
   * Distinct values (per namespace) whose pseudonym depends on the file's other values: their
   * first keyed candidate was refused because another value of the file has it (a name drawn
   * from a finite list, a grid point taken, an image that is a name, email or phone of the
   * file, an email or username rebuilt from its row's names whose first form another address
   * had). Under the same key, every other value gets the same pseudonym in any file.
   */
  fileDependentPseudonyms: number;
  /**
   * Of fileDependentPseudonyms, those of namespaces numbered from PseudonymizeOptions.fileValues:
   * the same in every part of the file, so a caller summing its parts counts them once.
   */
  fileDependentOfFileValues?: number;
  /**
   * Personal data found in free-text cells and replaced, by kind, counted per cell; present
   * when the run has free-text columns (see PiiInTextStats).
   */
  piiInText?: PiiInTextStats;
  /** What the rules that see whole rows did (row-relations.ts). */
  rowRelations?: RowRelationStats;
  /**
   * Distinct values whose pseudonyms the run's generation helper chose (0 when it failed or was
   * too late, and the run chose them itself); present when a helper was given.
   */
  helperPseudonyms?: number;
  /**
   * Distinct free texts whose personal data the run's helper found (0 when it failed, was too
   * late or was not asked: too few texts, or full names whose words the texts may hold); present
   * when a helper was given.
   */
  helperTexts?: number;
  /** Milliseconds per phase, e.g. { generate: 812, verify: 40 }. */
  timings: Record<string, number>;
  durationMs: number;
}

/**
 * Mentions found in free text: emails, phones, URLs, IBANs and card numbers by their pattern;
 * names (name columns' values) and values (ids, codes, cities… of other columns) by lookup.
 */
export interface PiiInTextStats {
  email: number;
  phone: number;
  url: number;
  iban: number;
  card: number;
  name: number;
  value: number;
}

/** Cells the row rules rewrote, and cells they left to the per-value pseudonym. */
export interface RowRelationStats {
  /** Date cells moved by their row entity's offset. */
  datesShiftedByEntity: number;
  /** Date cells of shifted columns whose row has no entity (or an unreadable date). */
  datesPerValue: number;
  /** Emails and usernames rebuilt from their row's pseudonymized first and last name. */
  addressesFromNames: number;
  /** Full names rebuilt from their row's pseudonymized first and last name. */
  fullNamesFromNames: number;
  /** Genders and titles made to agree with their row's pseudonymized first name. */
  gendersFromNames: number;
  /** US ZIPs redrawn inside their row's pseudonymized state's ZIP ranges. */
  zipCodesFromStates: number;
  /** Scheme 2 on: countries naming the US kept beside their row's pseudonymized US state. */
  countriesFromStates?: number;
  /** Scheme 2 on: URLs made of the row's names rebuilt from their pseudonyms. */
  urlsFromNames?: number;
  /**
   * Scheme 5 on: emails, usernames and full names of sheets without names written as a sheet
   * with names rebuilt them, so the sheets join on them.
   */
  peopleFromOtherSheets?: number;
  /**
   * Scheme 6 on: full names of sheets without first-name and last-name columns written as the
   * names of their row's email pseudonym, where the email was made of them.
   */
  fullNamesFromEmails?: number;
  /**
   * Scheme 10 on: cells of two-valued columns (booleans, measures of 0 and 1) drawn row by row,
   * their share of true kept (row-booleans.ts).
   */
  twoValuedRedrawn?: number;
  /**
   * Scheme 11 on: second US state columns (a code beside a name) written as their row's first
   * state's pseudonym.
   */
  statesFromStates?: number;
}

export interface PseudonymizeResult {
  workbook: Workbook;
  /** One row per distinct (sheet, column, original, pseudonym): columns sheet, column, original, pseudonym. */
  mapping: Sheet;
  /**
   * How many rows `mapping` has: counted without building them while they are not built (a
   * caller that needs the count, or whether there is a mapping at all, need not hold them).
   */
  mappingRowCount: () => number;
  stats: PseudonymizeStats;
}
