import { EngineError } from '../errors';
import type {
  Cell,
  ColumnSchema,
  GenerationHelper,
  PseudonymizeOptions,
  PseudonymizeResult,
  RowRelationStats,
  Sheet,
  Workbook,
} from '../types';
import { choosePseudonyms } from './choose-pseudonyms';
import { planColumn } from './column-plan';
import { validateFakerMethod } from './faker-catalogue';
import { mergedRanges } from './join-columns';
import { substituteCharacters } from './generators/text';
import { replaceWrapperTexts } from './json-text';
import { chooseAll, type ShareableNamespace } from './helper-generation';
import { KeyIndex } from './key-index';
import { createKeyedFaker, type FakeSource } from './keyed-faker';
import { KeyedRandom } from './keyed-random';
import { lazyMapping } from './mapping-sheet';
import { keptMarkers, type Namespace, type PlannedColumn } from './namespace';
import { isFreeTextColumn, piiKindOfColumn } from './pii-in-text/pii-columns';
import { freeTextPlan, PiiInText } from './pii-in-text/pii-in-text';
import { scanOriginals } from './scan-originals';
import { columnsShiftedByEntity, type RowsLeftPerValue } from './row-date-shift';
import { applyRowRelations } from './row-relations';
import { schemaMatchShare } from './schema-match';
import { OLDEST_PSEUDONYM_SCHEME, PSEUDONYM_SCHEME_VERSION } from './scheme-version';
import { SensitiveOriginals } from './sensitive-originals';

/*
 * How pseudonyms are chosen, and the few places the promises bend.
 *
 * Under one key (the secret), a value's pseudonym depends only on the key, the value's kind and
 * format (its column's semantic or type, and for numbers and dates the layout and range), and
 * the value itself: never on which other values share the file, except where a collision forces
 * a retry (below). So the same secret gives the same pseudonym in every file and run, and joins
 * survive across files. PSEUDONYM_SCHEME_VERSION names these rules.
 *
 * Two ways to a pseudonym:
 * - Keyed bijections (ColumnPlan.permute), where one exists. Integer identifiers (plain integers
 *   under an id-like name, isIdentifierColumn) are a keyed format-preserving permutation of the
 *   integers of their digit count, sign kept, whatever the column's range; digit codes keep their
 *   length and whether they start with a zero; other codes the string rules would substitute
 *   character by character ('AB-1234-X') are permuted among the texts of their pattern (upper
 *   letters among upper letters, digits among digits, punctuation kept; see permuteCode). A
 *   bijection needs no retries: distinct values get distinct pseudonyms and none is its own.
 *   A pseudonym may equal ANOTHER original of the column, as any bijection on a small space
 *   must (ids 1 to 200 map among 0 to 999, each within its digit count).
 * - Measures (number columns that are no identifiers, isMeasureColumn) keep their distribution
 *   by default (numberMode 'distribution', numberModeOf): the value times 1 ± ε, ε keyed by the
 *   value with |ε| evenly in [2%, 10%], rounded to the value's own decimals and written in its
 *   layout (fakeMeasure). So every decile moves by at most about 10%, the mean stays, signs
 *   stay, and a value gets the same pseudonym in every file under one key. Rounding that gives
 *   the value back moves it one unit of its last digit (away from zero rather than onto it);
 *   zero becomes one unit, negative in a column without positives, else positive (the one
 *   pseudonym that depends on the column). Such pseudonyms may repeat and equal other originals
 *   (amounts do: ColumnPlan.repeatable); never the value itself, nor a name, email or phone.
 *   'range' mode (the default once the user sets a range) draws as below.
 * - Keyed draws elsewhere (names, emails, phones, addresses, companies, IBANs, cards, UUIDs,
 *   words, measures in 'range' mode): a keyed hash of the value (SipHash-2-4 under HMAC-SHA-256(secret, kind),
 *   see KeyedRandom) seeds the generator. A candidate that equals an original of the namespace
 *   (columns of one kind and format, across sheets), any name, email or phone original of the
 *   file (in whatever column), or a pseudonym already handed out is redrawn with a counter in
 *   the hash input; the first that fits wins. UUIDs keep their version and variant and draw 122
 *   bits, so they collide in theory only.
 *
 * Where the promise bends (stats.fileDependentPseudonyms counts the values concerned):
 * - a redrawn candidate depends on the file's other values, so a value that collided may get
 *   another pseudonym in another file (names drawn from a finite list collide most). Every
 *   check compares the values themselves, not only their hashes, so only a real collision
 *   costs a redraw;
 * - a bijection's image that is a name, email or phone of the file is refused too: the value
 *   takes the next image along the bijection's cycle that is free, else a draw;
 * - integers in 'range' mode and dates that are measures (not identifiers) whose distinct
 *   values fill more than a third of their range: pseudonyms are a keyed walk over the range (unique, never the value
 *   itself, off the originals while they fill at most half of it; an observed date range holding
 *   fewer than twice as many instants is widened evenly, roomyDateRange); the sign of a value is
 *   not kept in that case. Measures also depend on the range they are drawn from, which is the
 *   column's (or, for same-named columns of a file, their union), so they are per file.
 *
 * Relations within a row (row-relations.ts), applied over the per-value pseudonyms:
 * - dates and date-times of a row move together by one keyed offset of the row's entity (the
 *   sheet's first identifier, email or UUID column, from scheme 10 on after a person's id that
 *   repeats, see entityColumnIndex; or ColumnSchema.dateShift.entityColumn), 1
 *   to 180 days either way: order and intervals in a row are exact, an entity moves alike in
 *   every file under the key, and no date keeps its value, but a date may now land on another
 *   original and maps to one pseudonym per entity. Rows without an entity, birth dates unless
 *   an entity is chosen for them, and from scheme 4 on times of day (whole days would keep
 *   them), keep the per-value draw (see row-date-shift.ts); from
 *   scheme 3 on, a namespace whose every column shifts draws only for those rows, after the
 *   shift (datesDrawnAfterShift);
 * - emails and usernames built from the row's first and last name, and full names that agree
 *   with them, are rebuilt from the row's name pseudonyms in the same layout; those depend on
 *   the row (a name's pseudonym never does), and a rebuilt address that another original
 *   already got takes a digit more, so it depends on the file too (see row-people.ts); a gender
 *   or title that agreed with the first name follows its pseudonym's sex (row-gender.ts);
 * - a US ZIP is redrawn inside its row's pseudonymized state's ZIP ranges (Faker's en_US data),
 *   keyed by the output state and the original ZIP, where it lay in its state's range or the
 *   sheet is US-shaped; countries and cities stay per-value (Faker ties neither to its states;
 *   keeping a US-only country would write originals in place), so a US state may sit beside
 *   another country (see row-location.ts).
 * The mapping lists, for those columns, every distinct (original, pseudonym) pair written.
 *
 * Free text (pii-in-text/): a column of sentences (a semantic-less text column whose examples
 * mostly hold several words, or any column under the 'redact' rule) is generated last, once
 * every other column is written and the row rules ran. Its emails, URLs, IBANs, cards and phones are found by pattern (the
 * detectors' validators, checksums included), and the originals of the structured columns
 * (names, emails, phones, ids, codes, cities… of every sheet) as whole words, letter case as
 * written, the longest first; each takes what its column's cell became (an email a row rule
 * rebuilt from the row's names included), or, with no column, the one its kind's keyed
 * generator gives the value (the same in every file under one key). A value of two
 * letters or less, a number of under four digits, or a single English word ('Grace', 'Reading')
 * is not matched blindly: the first two never, the third only capitalized mid-sentence. Under
 * 'auto' the words around are replaced as the string rules do (word by word, or character by
 * character where the text is no sentence), keyed by the whole text; a text with nothing found
 * keeps the pseudonym it had before. Under 'redact' the words around are kept. A text's
 * pseudonym depends on the key, the text, and the structured pseudonyms it took.
 *
 * Exceptions, all in domains too small for the promises:
 * - booleans: two values, so up to scheme 9 the secret picks "keep" or "swap" for the whole
 *   kind (every boolean equal to its original half the time); from scheme 10 on a column of two
 *   values (booleans, measures of 0 and 1) is drawn row by row, its share of true kept, so a
 *   cell equals its original by chance (row-booleans.ts);
 * - a column of one constant value draws from a widened range around it, and a number range
 *   too narrow to hold four values per distinct original at the column's precision is widened
 *   away from zero (roomyRange, room on each side of zero), and whole values of such a decimal
 *   column get decimals (roomyDecimals), so pseudonyms can stay off the originals;
 * - tiny text domains (states, genders, 2-letter codes): after 32 tries a pseudonym may repeat
 *   or equal another original, but never its own value while another exists;
 * - text with no letter or digit ('---') has no pseudonym other than itself;
 * - missing-value markers detection reports ('NaN', 'NULL', 'N/A') are kept, like blanks.
 */

/** The pseudonyms of a namespace drawn later: none yet. */
const NONE_YET: Pick<Namespace, 'pseudonyms'> = { pseudonyms: [] };

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

function schemeOf(scheme: PseudonymizeOptions['scheme']): number {
  if (scheme === undefined) return PSEUDONYM_SCHEME_VERSION;
  if (
    !Number.isInteger(scheme) ||
    scheme < OLDEST_PSEUDONYM_SCHEME ||
    scheme > PSEUDONYM_SCHEME_VERSION
  ) {
    throw new EngineError(
      'INVALID_RULE',
      `Pseudonym scheme ${scheme} is unknown: this Stand-in follows schemes ` +
        `${OLDEST_PSEUDONYM_SCHEME} to ${PSEUDONYM_SCHEME_VERSION}.`,
    );
  }
  return scheme;
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

/**
 * The namespaces whose values free text is searched for (see PiiInText.learn, which reads their
 * indexes), when the run has free text at all.
 */
function namespacesMentionedInText(
  planned: readonly PlannedColumn[],
  scheme: number,
): ReadonlySet<Namespace> {
  if (!planned.some(({ namespace }) => namespace.plan.freeText)) return new Set();
  return new Set(
    planned
      .filter(
        ({ namespace, schema }) => !namespace.plan.freeText && piiKindOfColumn(schema, scheme),
      )
      .map(({ namespace }) => namespace),
  );
}

/**
 * From scheme 3 on, the date namespaces whose every column moves with its row's entity: the
 * shift writes their cells from the originals, so a per-value pseudonym is drawn only for the
 * rows it leaves (blank entity, unreadable date), after it ran. Drawing one for every value
 * first, as schemes 1 and 2 do, cost a draw per distinct date-time for cells nobody sees.
 */
function datesDrawnAfterShift(
  scheme: number,
  schemas: ColumnSchema[][],
  planned: readonly PlannedColumn[],
): ReadonlySet<Namespace> {
  if (scheme < 3) return new Set();
  const shifted = columnsShiftedByEntity(schemas, planned, scheme);
  const namespaces = new Set(planned.filter((c) => shifted.has(c)).map((c) => c.namespace));
  for (const column of planned) {
    if (!shifted.has(column)) namespaces.delete(column.namespace);
  }
  return namespaces;
}

/**
 * Draws the per-value pseudonyms of a namespace whose dates moved with their rows, for the
 * values of the rows the shift left, and writes them into those rows.
 */
function drawDatesLeft(
  namespace: Namespace,
  planned: readonly PlannedColumn[],
  left: RowsLeftPerValue,
  sheets: Sheet[],
  random: KeyedRandom,
  sensitiveOriginals: SensitiveOriginals,
): number {
  const columns = planned.filter((column) => column.namespace === namespace);
  const needed = new Uint8Array(namespace.originals.length);
  for (const column of columns) {
    for (const row of left.get(column) ?? []) needed[column.rowIds[row]!] = 1;
  }
  if (!needed.includes(1)) return 0;
  const fileDependent = choosePseudonyms(namespace, random, sensitiveOriginals, needed);
  for (const column of columns) {
    const rows = sheets[column.sheetIndex]!.rows;
    for (const row of left.get(column) ?? []) {
      rows[row]![column.columnIndex] = namespace.pseudonyms[column.rowIds[row]!]!;
    }
  }
  return fileDependent;
}

/** Fewest distinct free texts whose personal data a helper is asked to find: fewer cost less. */
const LEAST_TEXTS_TO_SHARE = 20_000;

/**
 * Hands the personal data of the run's free texts to `helper` to find (GenerationHelper.findSpans)
 * when there are enough texts and it can; returns whether it did.
 */
function askForSpans(
  pii: PiiInText,
  secret: Uint8Array,
  helper: GenerationHelper | undefined,
): boolean {
  if (!helper?.findSpans || !helper.spansFound || pii.textCount < LEAST_TEXTS_TO_SHARE) {
    return false;
  }
  helper.findSpans(pii.spanTask(secret));
  return true;
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
  const scheme = schemeOf(options.scheme);
  const progress = options.onProgress ?? (() => {});
  const secret = secretBytes(options.secret);
  const random = new KeyedRandom(secret);
  const source: FakeSource = { random, faker: createKeyedFaker(random) };

  // Plan: one namespace per kind and format.
  let phase = performance.now();
  const overrides = mergedRanges(schemas, scheme);
  const namespaces = new Map<string, Namespace>();
  /** How each namespace's plan was made, so a helper thread can make it again. */
  const planOrigins = new Map<Namespace, ShareableNamespace>();
  const planned: PlannedColumn[] = [];
  const blanked = new Set<string>();
  const pii = new PiiInText(source, scheme);
  workbook.sheets.forEach((sheet, sheetIndex) => {
    schemas[sheetIndex]!.forEach((schema, columnIndex) => {
      const action = planColumn(schema, source, overrides.get(schema), scheme);
      if (action.action === 'keep') return;
      if (action.action === 'blank') {
        blanked.add(`${sheetIndex}:${columnIndex}`);
        return;
      }
      const plan = isFreeTextColumn(schema)
        ? freeTextPlan(action.plan, pii, schema.rule.action === 'redact' ? 'redact' : 'auto')
        : action.plan;
      let namespace = namespaces.get(plan.namespace);
      if (!namespace) {
        namespace = {
          plan,
          exhausted: 0,
          placed: 0,
          ids: new KeyIndex(),
          originals: [],
          pseudonyms: [],
        };
        namespaces.set(plan.namespace, namespace);
        planOrigins.set(namespace, { namespace, schema, overrides: overrides.get(schema) });
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
  progress('scan', 0, planned.length);
  const fromFileValues = scanOriginals(
    workbook,
    planned,
    (scanned) => progress('scan', scanned, planned.length),
    options.fileValues,
  );
  timings.scan = elapsed(phase);

  // Generate: one pseudonym per distinct original and namespace. The sensitive namespaces'
  // indexes stay until the end, so a hash that merely collides with a name, email or phone is
  // told from one in every namespace (a refusal would make that pseudonym depend on the file).
  phase = performance.now();
  const sensitiveOriginals = new SensitiveOriginals(namespaces.values());
  const mentionedInText = namespacesMentionedInText(planned, scheme);
  const drawnAfterShift = datesDrawnAfterShift(scheme, schemas, planned);
  let fileDependentPseudonyms = 0;
  let fileDependentOfFileValues = 0;
  const countFileDependent = (namespace: Namespace, count: number) => {
    fileDependentPseudonyms += count;
    if (fromFileValues.has(namespace)) fileDependentOfFileValues += count;
  };
  const generated = [...namespaces.values()].filter(
    (namespace) => !namespace.plan.freeText && !drawnAfterShift.has(namespace),
  );
  const valuesToGenerate = generated.reduce((sum, { originals }) => sum + originals.length, 0);
  let valuesGenerated = 0;
  progress('generate', 0, valuesToGenerate);
  // Lookup tables done with (other namespaces look only at their own, or at the sensitive
  // originals, and free text at the values it may mention); the mapping needs only originals
  // and pseudonyms.
  const letGo = (namespace: Namespace) => {
    valuesGenerated += namespace.originals.length;
    progress('generate', valuesGenerated, valuesToGenerate);
    if (!namespace.plan.sensitive && !mentionedInText.has(namespace)) {
      namespace.ids = new KeyIndex();
    }
  };
  const helperShare = chooseAll(
    generated.map((namespace) => planOrigins.get(namespace)!),
    { random, sensitiveOriginals, secret, scheme, helper: options.generationHelper },
    (namespace, fileDependent) => {
      countFileDependent(namespace, fileDependent);
      letGo(namespace);
    },
  );
  timings.generate = elapsed(phase);

  // Write: new rows, blank and missing cells as they were, kept columns untouched.
  phase = performance.now();
  const blankCell: Cell = workbook.format === 'csv' || workbook.format === 'tsv' ? '' : null;
  // A JSON wrapper's or document's own text values (an owner, a next-page URL): keyed
  // character substitution, as no column tells what they are.
  const wrapperText = (value: string) => {
    random.reseed('jsonWrapper', value);
    return substituteCharacters(value, random);
  };
  const writeColumn = ({ rowIds, columnIndex, namespace }: PlannedColumn, rows: Cell[][]) => {
    // Dates drawn after their shift: blank until then, so no original stays in an output row.
    const { pseudonyms } = drawnAfterShift.has(namespace) ? NONE_YET : namespace;
    for (let row = 0; row < rows.length; row++) {
      const id = rowIds[row]!;
      if (id >= 0) rows[row]![columnIndex] = pseudonyms[id] ?? null;
    }
  };
  // Free text is written once the rows are (below); the helper's namespaces once it answers.
  const writtenNow = (column: PlannedColumn) =>
    !column.namespace.plan.freeText && !helperShare.pending.has(column.namespace);
  const sheets: Sheet[] = workbook.sheets.map((sheet, sheetIndex) => {
    const rows = sheet.rows.map((row) => row.slice());
    for (const column of planned) {
      if (column.sheetIndex === sheetIndex && writtenNow(column)) writeColumn(column, rows);
    }
    sheet.columns.forEach((_, columnIndex) => {
      if (!blanked.has(`${sheetIndex}:${columnIndex}`)) return;
      for (const row of rows) row[columnIndex] = blankCell;
    });
    const wrapper = sheet.jsonWrapper && {
      jsonWrapper: replaceWrapperTexts(
        sheet.jsonWrapper,
        wrapperText,
        new Set(sheet.paths?.map((path) => path[0]!) ?? sheet.columns),
      ),
    };
    // The lines above the table (a title, "Exported by …"): their text as a wrapper's.
    const preamble = sheet.preamble && {
      preamble: sheet.preamble.map((line) =>
        line.map((cell) => (typeof cell === 'string' && cell !== '' ? wrapperText(cell) : cell)),
      ),
    };
    return { ...sheet, columns: [...sheet.columns], rows, ...wrapper, ...preamble };
  });
  const jsonTables = workbook.jsonTables && {
    jsonTables: replaceWrapperTexts(workbook.jsonTables, wrapperText),
  };
  // The helper's answer is waited for only now: the run has written the other columns meanwhile.
  const waited = performance.now();
  const helperPseudonyms = helperShare.settle();
  const settling = elapsed(waited);
  timings.generate += settling;
  for (const column of planned) {
    if (helperShare.pending.has(column.namespace)) {
      writeColumn(column, sheets[column.sheetIndex]!.rows);
    }
  }
  timings.write = elapsed(phase) - settling;

  // Free text's structured values are learned now (their cells are read when a text is
  // rewritten), so a helper finds the personal data in the texts while the row rules run.
  phase = performance.now();
  const freeText = [...namespaces.values()].filter((namespace) => namespace.plan.freeText);
  if (freeText.length > 0) pii.learnValues(planned, sheets, sensitiveOriginals);
  const spansAsked = freeText.length > 0 && askForSpans(pii, secret, options.generationHelper);
  timings.text = elapsed(phase);

  // Rows: rules that need the whole row (dates moving with their entity) over the written cells.
  phase = performance.now();
  const datesLeft: RowsLeftPerValue = new Map();
  const { sharedAddresses, twoValuedShares } = options;
  sharedAddresses?.enter();
  let rowRelations: RowRelationStats;
  try {
    rowRelations = applyRowRelations(workbook.sheets, sheets, schemas, planned, random, scheme, {
      datesLeft,
      onStep: (done, total) => progress('rows', done, total),
      onFileDependent: (count) => (fileDependentPseudonyms += count),
      ...(sharedAddresses ? { sharedAddresses } : {}),
      ...(twoValuedShares ? { twoValuedShares } : {}),
    });
  } finally {
    sharedAddresses?.leave();
  }
  timings.rows = elapsed(phase);

  phase = performance.now();
  for (const namespace of drawnAfterShift) {
    countFileDependent(
      namespace,
      drawDatesLeft(namespace, planned, datesLeft, sheets, random, sensitiveOriginals),
    );
  }
  timings.generate += elapsed(phase);

  // Free text last: the personal data it mentions takes what its column's cells became (row
  // rules included), so a note names the customer the customers sheet shows.
  phase = performance.now();
  const textsToWrite = freeText.reduce((sum, { originals }) => sum + originals.length, 0);
  let textsWritten = 0;
  if (freeText.length > 0) {
    progress('text', 0, textsToWrite);
    pii.learnNames(planned, sheets);
  }
  const foundSpans = spansAsked ? options.generationHelper?.spansFound?.() : null;
  const helperTexts = foundSpans ? pii.takeSpans(foundSpans) : 0;
  for (const namespace of freeText) {
    if (namespace.plan.freeText === 'redact') pii.redactNamespace(namespace);
    else countFileDependent(namespace, choosePseudonyms(namespace, random, sensitiveOriginals));
    textsWritten += namespace.originals.length;
    progress('text', textsWritten, textsToWrite);
  }
  for (const namespace of namespaces.values()) namespace.ids = new KeyIndex();
  const piiInText = freeText.length > 0 ? pii.write(planned, sheets) : undefined;
  timings.text += elapsed(phase);

  // Built from the output sheets (same names, columns and formats), so the mapping does not keep
  // the input's rows alive for a caller that lets them go.
  const mapping = lazyMapping(sheets, planned);

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
    workbook: { ...workbook, sheets, ...jsonTables },
    mapping: mapping.sheet,
    mappingRowCount: mapping.rowCount,
    stats: {
      scheme,
      rowsProcessed,
      cellsProcessed,
      columnsPseudonymized: pseudonymizedColumns.size + blanked.size,
      schemaMatch,
      fileDependentPseudonyms,
      ...(options.fileValues ? { fileDependentOfFileValues } : {}),
      ...(piiInText ? { piiInText } : {}),
      ...(options.generationHelper ? { helperPseudonyms, helperTexts } : {}),
      rowRelations,
      timings,
      durationMs: elapsed(started),
    },
  };
}
