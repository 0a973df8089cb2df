import { flatString } from '../../text/flat-string';
import type { Cell, FoundSpans, PiiInTextStats, Semantic, Sheet, SpanTask } from '../../types';
import type { ColumnPlan } from '../column-plan';
import { DigitPermutation, digitCodeDomain } from '../digit-permutation';
import { datesInText, fakeDateText } from '../generators/date-text';
import { fakeIsoDateText } from '../generators/iso-date-text';
import { semanticGenerator } from '../generators/semantic';
import { isWordLike, replaceWords, substituteCharacters } from '../generators/text';
import { createKeyedFaker, type FakeSource } from '../keyed-faker';
import { KeyedRandom } from '../keyed-random';
import { isJsonContainer, replaceJsonValues } from '../json-text';
import type { Namespace, PlannedColumn } from '../namespace';
import { PSEUDONYM_SCHEME_VERSION } from '../scheme-version';
import type { SensitiveOriginals } from '../sensitive-originals';
import type { KeyIndex } from '../key-index';
import { StringHashSet } from '../string-hash-set';
import { KnownValues, type KnownColumn, type KnownValue } from './known-values';
import { isPeriodText } from '../generators/period-text';
import { GENERATOR_SEMANTIC, piiKindOfColumn } from './pii-columns';
import { findEmailsAndUrls, findNumbers } from './pii-patterns';
import { PII_KINDS, type PiiSpan } from './pii-span';

/** Two tokens or more: text between which there is white space. */
const SEVERAL_TOKENS = /\S\s+\S/;

/** Redraws a found value's pseudonym may take to stay off the file's names, emails and phones. */
const SPAN_ATTEMPTS = 12;

/** What stands for a found value when deciding whether the text around it is word-like. */
const SPAN_AS_WORD = 'name';

/**
 * The personal data in free-text cells and its pseudonyms. `learnValues` reads the structured
 * columns once they are written, and `learnNames` the words of full names once the row rules
 * ran; then each text's emails, phones, URLs, IBANs, cards (by pattern) and the dataset's own
 * values (by lookup) are found (here, or by a helper thread: spanTask, takeSpans), and each gets
 * the pseudonym its column gave it, or, with no column, the one its kind's keyed generator makes
 * from the value alone (so the same key gives it in every file).
 */
export class PiiInText {
  readonly #source: FakeSource;
  readonly #scheme: number;
  #known = new KnownValues();
  #sensitive: SensitiveOriginals | null = null;
  readonly #generated = new Map<string, string>();
  /** Each distinct text's spans: texts repeat, and `count` reads them again after `rewrite`. */
  #spansByText = new Map<string, readonly PiiSpan[]>();
  /** Which characters of the text being searched are found already (reused: zeroed per text). */
  #taken = new Uint8Array(256);
  /** The run's distinct free texts (learnValues), by namespace and number. */
  #texts: string[] = [];
  /**
   * Each free-text namespace's index of originals, and where they begin among #texts
   * (learnValues): held here, as the run lets the namespaces' indexes go before `count` reads.
   */
  #textNamespaces: { namespace: Namespace; ids: KeyIndex; start: number }[] = [];
  /** The numbers of the values a helper may find (spanTask), by their place in its task. */
  #searched: Int32Array = new Int32Array(0);
  /** The spans a helper found (takeSpans), and those read so far, by text number. */
  #found: FoundElsewhere | null = null;

  constructor(source: FakeSource, scheme = PSEUDONYM_SCHEME_VERSION) {
    this.#source = source;
    this.#scheme = scheme;
  }

  /** The keyed permutation of numbers in free text (withNumbers), made when first needed. */
  #textNumbers: DigitPermutation | null = null;

  #numbers(): DigitPermutation {
    this.#textNumbers ??= new DigitPermutation(this.#source.random.permutation('textNumber'));
    return this.#textNumbers;
  }

  /**
   * From scheme 6 on, whether a free text is replaced word by word whatever its length or
   * share of numbers ('Called on 01/03 re: invoice 5521'): it holds two words or more and is no
   * JSON text. Before, only word-like text was (isWordLike), and the rest, notes of 100
   * characters or more among them, had every letter substituted.
   */
  #inWords(text: string): boolean {
    return this.#scheme >= 6 && SEVERAL_TOKENS.test(text) && !isJsonContainer(text);
  }

  /** From scheme 11 on, a period ('Q2 2024') is its column plan's, which keeps it one. */
  #keepsPeriod(text: string): boolean {
    return this.#scheme >= 11 && isPeriodText(text);
  }

  /** Whether a free text's pseudonym is rewrite's (personal data in it, or #inWords). */
  rewrites(text: string): boolean {
    if (this.#keepsPeriod(text)) return false;
    // Words first: most texts are several words, and then their spans wait for rewrite.
    return this.#inWords(text) || this.spans(text).length > 0;
  }

  /**
   * Learns the originals of the structured columns (see piiKindOfColumn), and where their cells
   * are written in the output: a value found in a text takes what its first row's cell is when
   * the text is rewritten (a row rule may have rebuilt an email from the row's names by then).
   */
  learnValues(
    planned: readonly PlannedColumn[],
    output: readonly Sheet[],
    sensitive: SensitiveOriginals,
  ): void {
    this.#sensitive = sensitive;
    this.#spansByText = new Map();
    this.#found = null;
    const columns: KnownColumn[] = [];
    for (const { namespace, schema, rowIds, sheetIndex, columnIndex } of learnedColumns(
      planned,
      this.#scheme,
    )) {
      const firstRow = new Int32Array(namespace.originals.length).fill(-1);
      for (let row = rowIds.length - 1; row >= 0; row--) {
        const id = rowIds[row]!;
        if (id >= 0) firstRow[id] = row;
      }
      const rows = output[sheetIndex]!.rows;
      columns.push({
        kind: piiKindOfColumn(schema, this.#scheme)!,
        originals: namespace.originals,
        ids: namespace.ids,
        firstRow,
        written: (row) => rows[row]![columnIndex] ?? null,
      });
    }
    // Each free-text namespace's originals by number, '' for one that is no text.
    this.#texts = [];
    this.#textNamespaces = [];
    for (const namespace of new Set(planned.map((column) => column.namespace))) {
      if (!namespace.plan.freeText) continue;
      this.#textNamespaces.push({ namespace, ids: namespace.ids, start: this.#texts.length });
      for (const original of namespace.originals) {
        this.#texts.push(typeof original === 'string' ? original : '');
      }
    }
    this.#known = KnownValues.fromColumns(columns, this.#texts);
  }

  /**
   * Once the row rules ran: full names lend their words to their pseudonym's words ('Ann Lee' →
   * 'Rosa Kling' gives 'Lee' → 'Kling'), so a note that names only the surname still gets the
   * same one. A full name's words depend on its row's pseudonym, so those rows are all read.
   */
  learnNames(planned: readonly PlannedColumn[], output: readonly Sheet[]): void {
    for (const { namespace, schema, rowIds, sheetIndex, columnIndex } of learnedColumns(
      planned,
      this.#scheme,
    )) {
      if (schema.semantic !== 'fullName') continue;
      const rows = output[sheetIndex]!.rows;
      for (let row = 0; row < rowIds.length; row++) {
        const id = rowIds[row]!;
        const original = id >= 0 ? namespace.originals[id] : undefined;
        const written = rows[row]![columnIndex];
        if (typeof original === 'string' && typeof written === 'string') {
          this.#learnNameWords(original, written);
        }
      }
    }
  }

  /** How many free texts the run has (learnValues). */
  get textCount(): number {
    return this.#texts.length;
  }

  /**
   * What a helper thread needs to find the spans of the run's free texts (findSpansForRun), once
   * learnValues ran: the texts, and the values they may hold.
   */
  spanTask(secret: Uint8Array): SpanTask {
    const { texts, values } = this.#known.searched();
    this.#searched = values;
    return {
      texts: this.#texts,
      known: texts,
      secret,
      scheme: this.#scheme,
      kinds: this.#textNamespaces.map(({ namespace, start }) => ({
        start,
        kind: namespace.plan.kind,
      })),
    };
  }

  /**
   * The helper's side of a SpanTask (findSpansForRun): the spans of every text, found as the
   * run finds them (with the values it learned, KnownValues.forSearch), and the first pseudonym
   * of each text it finds nothing in, written as the run writes it (`rewrite`), where that reads
   * nothing else the run holds: no JSON (its values are rewritten each on its own) and no IP
   * address (drawn off the file's names, emails and phones).
   */
  static answer(task: SpanTask): FoundSpans {
    const random = new KeyedRandom(task.secret);
    const pii = new PiiInText({ random, faker: createKeyedFaker(random) }, task.scheme);
    pii.#known = KnownValues.forSearch(task.known, task.texts);
    const starts = new Int32Array(task.texts.length + 1);
    const numbers: number[] = [];
    const rewritten: (string | null)[] = [];
    let taken = new Uint8Array(256);
    task.texts.forEach((text, index) => {
      taken = roomFor(taken, text.length);
      const spans = findSpans(text, pii.#known, taken);
      for (const { start, end, kind, value } of spans) {
        numbers.push(start, end, PII_KINDS.indexOf(kind), value ?? -1);
      }
      starts[index + 1] = numbers.length / SPAN_NUMBERS;
      // As `rewrites` and `rewrite` go for a text with nothing found (its spans not kept).
      const alone =
        spans.length === 0 &&
        !pii.#keepsPeriod(text) &&
        pii.#inWords(text) &&
        !isJsonContainer(text) &&
        !hasIpAddress(text);
      const { kind } = namespaceOf(task.kinds, index);
      rewritten.push(alone ? pii.#rewriteAround(text, NO_SPANS, 'auto', kind, 0) : null);
    });
    return { starts, spans: Int32Array.from(numbers), rewritten };
  }

  /**
   * Takes what a helper found in the texts of spanTask (findSpansForRun): `spans` reads a text's
   * spans there, each found value's kind and pseudonym read here, and `rewrite` a text's first
   * pseudonym where the helper wrote it. A text holding a value whose
   * cell is no text (`spans` would look further) is left to `spans`, and so is every text once
   * the words of full names were learned (learnNames), which the helper did not know. Returns
   * how many texts it takes the spans of.
   */
  takeSpans(found: FoundSpans): number {
    if (this.#known.hasAdded) return 0;
    // The values found, read in the order of their numbers: a column's numbers follow its rows,
    // so its rows are read in order, not one at random per span.
    const used = new Uint8Array(this.#searched.length);
    for (let at = 0; at < found.spans.length; at += SPAN_NUMBERS) {
      const place = found.spans[at + 3]!;
      if (place >= 0) used[place] = 1;
    }
    const valueOf = new Array<KnownValue | null | undefined>(used.length).fill(undefined);
    for (let place = 0; place < used.length; place++) {
      if (used[place] === 1) {
        valueOf[place] = this.#known.valueAt(this.#searched[place]!) ?? null;
      }
    }
    this.#found = { found, valueOf, spansOf: [], last: 0 };
    return this.#texts.length;
  }

  /**
   * The spans the helper found in `text` (takeSpans), read when first asked for: undefined when
   * it found none for it, or left it to `spans`. A text's number is its free-text namespace's.
   */
  #foundSpans(text: string): readonly PiiSpan[] | undefined {
    const index = this.#foundIndex(text);
    return index < 0 ? undefined : this.#foundAt(index);
  }

  /** The number of a text the helper looked at (takeSpans), or -1. */
  #foundIndex(text: string): number {
    const found = this.#found;
    if (!found) return -1;
    // A namespace's texts are rewritten by number (choosePseudonyms), each asked for once or
    // more in a row: the last one found and the next are tried before the indexes.
    const last = found.last;
    if (this.#texts[last] === text) return last;
    if (this.#texts[last + 1] === text) return (found.last = last + 1);
    for (const { ids, start } of this.#textNamespaces) {
      const id = ids.find(text);
      if (id >= 0) return (found.last = start + id);
    }
    return -1;
  }

  /** The first pseudonym the helper wrote for `text` as a `kind` (takeSpans), or null. */
  #rewrittenElsewhere(text: string, kind: string): string | null {
    const index = this.#foundIndex(text);
    if (index < 0 || namespaceOf(this.#textNamespaces, index).namespace.plan.kind !== kind) {
      return null;
    }
    return this.#found!.found.rewritten[index] ?? null;
  }

  /** The spans the helper found in text `index`; undefined when it left them to `spans`. */
  #foundAt(index: number): readonly PiiSpan[] | undefined {
    const found = this.#found!;
    let spans = found.spansOf[index];
    if (spans === undefined) {
      spans = this.#readSpans(found, index);
      found.spansOf[index] = spans;
    }
    return spans ?? undefined;
  }

  /** Text `index`'s spans as the helper found them; null when one's value is no text here. */
  #readSpans({ found, valueOf }: FoundElsewhere, index: number): readonly PiiSpan[] | null {
    const from = found.starts[index]! * SPAN_NUMBERS;
    const to = found.starts[index + 1]! * SPAN_NUMBERS;
    if (from === to) return NO_SPANS;
    const numbers = found.spans;
    const spans: PiiSpan[] = [];
    for (let at = from; at < to; at += SPAN_NUMBERS) {
      const start = numbers[at]!;
      const end = numbers[at + 1]!;
      const place = numbers[at + 3]!;
      if (place < 0) {
        spans.push({ start, end, kind: PII_KINDS[numbers[at + 2]!]! });
        continue;
      }
      const value = valueOf[place];
      if (!value) return null;
      spans.push({ start, end, kind: value.kind, pseudonym: value.pseudonym });
    }
    return spans;
  }

  #learnNameWords(original: string, pseudonym: string): void {
    const words = original.split(/,?\s+/);
    const fakes = pseudonym.split(/,?\s+/);
    if (words.length < 2 || words.length !== fakes.length) return;
    words.forEach((word, index) => this.#known.add(word, fakes[index]!, 'name'));
  }

  /**
   * The personal data in a text, in text order.
   * @example pii.spans('Mail ann@x.com') // [{ start: 5, end: 14, kind: 'email' }]
   */
  spans(text: string): readonly PiiSpan[] {
    const foundElsewhere = this.#foundSpans(text);
    if (foundElsewhere !== undefined) return foundElsewhere;
    const cached = this.#spansByText.get(text);
    if (cached !== undefined) return cached;
    this.#taken = roomFor(this.#taken, text.length);
    const found = findSpans(text, this.#known, this.#taken);
    this.#spansByText.set(text, found);
    return found;
  }

  /** A found value's pseudonym: its column's, else its kind's keyed generator's. */
  #pseudonymOf(text: string, span: PiiSpan): string {
    const value = text.slice(span.start, span.end);
    const known =
      span.pseudonym ??
      (span.kind === 'email' ? this.#known.emailPseudonym(value) : this.#known.pseudonymOf(value));
    return known ?? this.#drawn(GENERATOR_SEMANTIC[span.kind]!, value);
  }

  /**
   * A value's keyed draw by the semantic's generator, as its column would draw it: the first that
   * is not the value itself nor a name, email or phone of the file.
   */
  #drawn(semantic: Semantic, value: string): string {
    const cacheKey = `${semantic}\u0000${value}`;
    const cached = this.#generated.get(cacheKey);
    if (cached !== undefined) return cached;
    const generate = semanticGenerator(semantic, this.#scheme)!;
    let pseudonym = '';
    for (let attempt = 0; attempt < SPAN_ATTEMPTS; attempt++) {
      this.#source.random.reseed(semantic, value, attempt);
      const fake = generate(value, this.#source, attempt);
      if (fake === null || fake === value) continue;
      pseudonym ||= fake;
      if (!this.#sensitive?.has(fake, StringHashSet.hash(fake))) {
        pseudonym = fake;
        break;
      }
    }
    pseudonym ||= substituteCharacters(value, this.#source.random, Number.MAX_SAFE_INTEGER);
    this.#generated.set(cacheKey, pseudonym);
    return pseudonym;
  }

  /**
   * The text with its personal data replaced; under 'auto' the rest is replaced too, word by
   * word where the text (its found values counted as words) is word-like, else character by
   * character, drawn from the keyed hash of (kind, text, attempt); under 'redact' it is kept.
   * From scheme 8 on, JSON text ('{"phone": "…"}') is rewritten value by value, keys kept.
   * @example pii.rewrite('Call Ann Lee', 'redact', 'string') // 'Call Rosa Kling'
   */
  rewrite(text: string, mode: 'auto' | 'redact', kind: string, attempt = 0): string {
    const elsewhere = mode === 'auto' && attempt === 0 && this.#rewrittenElsewhere(text, kind);
    if (elsewhere) return elsewhere;
    if (mode === 'auto' && this.#scheme >= 8) {
      // JSON text keeps its keys, literals and layout: each value is rewritten on its own.
      const json = replaceJsonValues(text, (value, valueKind) =>
        valueKind === 'string'
          ? this.rewrite(value, mode, kind, attempt)
          : this.#digitsOf(value, kind, attempt),
      );
      if (json !== null) return json;
    }
    return this.#rewriteAround(text, this.spans(text), mode, kind, attempt);
  }

  /** `rewrite` of a text that is no JSON, its personal data `found`. */
  #rewriteAround(
    text: string,
    found: readonly PiiSpan[],
    mode: 'auto' | 'redact',
    kind: string,
    attempt: number,
  ): string {
    const foundFakes = found.map((span) => this.#pseudonymOf(text, span));
    if (mode === 'redact') return joinAround(text, found, foundFakes, (gap) => gap);
    const dated =
      this.#scheme >= 9
        ? withDates(text, found, foundFakes, this.#source.random, this.#scheme)
        : { spans: found, fakes: foundFakes };
    const addressed =
      this.#scheme >= 11
        ? withMatches(text, dated, IPV4_IN_TEXT, (address) => this.#drawn('ipv4', address))
        : dated;
    const { spans, fakes } =
      this.#scheme >= 10
        ? withMatches(text, addressed, NUMBER_IN_TEXT, (digits) =>
            this.#numbers().pseudonym(digits, digitCodeDomain(digits)),
          )
        : addressed;
    const wordLike =
      this.#inWords(text) || isWordLike(joinAround(text, spans, fakes, (gap) => gap, SPAN_AS_WORD));
    const { random } = this.#source;
    random.reseed(kind, text, attempt);
    return joinAround(text, spans, fakes, (gap) =>
      wordLike
        ? replaceWords(gap, random, this.#scheme)
        : substituteCharacters(gap, random, attempt),
    );
  }

  /** A JSON number's digits replaced, its first digit non-zero where it was (valid JSON). */
  #digitsOf(digits: string, kind: string, attempt: number): string {
    const { random } = this.#source;
    random.reseed(kind, digits, attempt);
    return substituteCharacters(digits, random, attempt);
  }

  /**
   * Counts the values found in the cells of free-text columns, by kind (every cell, so a
   * message written twice counts twice).
   */
  count(planned: readonly PlannedColumn[]): PiiInTextStats {
    const stats: PiiInTextStats = {
      email: 0,
      phone: 0,
      url: 0,
      iban: 0,
      card: 0,
      name: 0,
      value: 0,
    };
    const perNamespace = new Map<Namespace, (readonly PiiSpan[] | null)[]>();
    for (const { namespace, rowIds } of planned) {
      if (!namespace.plan.freeText) continue;
      let found = perNamespace.get(namespace);
      if (!found) {
        // By number where the helper found them, the namespace's texts being numbered so.
        const texts = this.#found && this.#textNamespaces.find((of) => of.namespace === namespace);
        found = namespace.originals.map((original, id) =>
          typeof original === 'string'
            ? ((texts && this.#foundAt(texts.start + id)) ?? this.spans(original))
            : null,
        );
        perNamespace.set(namespace, found);
      }
      for (const id of rowIds) {
        if (id < 0) continue;
        for (const span of found[id] ?? []) stats[span.kind]++;
      }
    }
    return stats;
  }

  /**
   * Writes the free-text columns' pseudonyms into the output rows and counts what was found;
   * the last call of a run.
   * @example pii.write(planned, sheets) // { email: 2, phone: 1, … }
   */
  write(planned: readonly PlannedColumn[], output: Sheet[]): PiiInTextStats {
    for (const { namespace, rowIds, sheetIndex, columnIndex } of planned) {
      if (!namespace.plan.freeText) continue;
      const rows = output[sheetIndex]!.rows;
      const { pseudonyms } = namespace;
      for (let row = 0; row < rowIds.length; row++) {
        const id = rowIds[row]!;
        if (id >= 0) rows[row]![columnIndex] = pseudonyms[id]!;
      }
    }
    const stats = this.count(planned);
    // The free-text plans hold this object, and the run's mapping holds the plans: what it
    // learned (every value of the file, each text's spans) is let go now.
    this.#known = new KnownValues();
    this.#spansByText = new Map();
    this.#texts = [];
    this.#textNamespaces = [];
    this.#searched = new Int32Array(0);
    this.#found = null;
    this.#generated.clear();
    this.#sensitive = null;
    return stats;
  }

  /** Under 'redact': each text keeps all but its personal data; other cells stay. */
  redactNamespace(namespace: Namespace): void {
    namespace.pseudonyms = namespace.originals.map((original: Cell) =>
      typeof original === 'string'
        ? this.rewrite(original, 'redact', namespace.plan.kind)
        : original,
    );
  }
}

/** The spans of a text with no personal data (shared: spans are never changed once found). */
const NO_SPANS: readonly PiiSpan[] = Object.freeze([]);

/** Of free-text namespaces by the number of their first text, the one of text `index`. */
function namespaceOf<T extends { start: number }>(namespaces: readonly T[], index: number): T {
  let at = 0;
  while (at + 1 < namespaces.length && namespaces[at + 1]!.start <= index) at++;
  return namespaces[at]!;
}

/** The structured columns whose values free text is searched for (piiKindOfColumn). */
function learnedColumns(planned: readonly PlannedColumn[], scheme: number): PlannedColumn[] {
  return planned.filter(
    ({ namespace, schema }) => !namespace.plan.freeText && piiKindOfColumn(schema, scheme),
  );
}

/** `taken`, or a larger one when a text of `length` does not fit. */
function roomFor(taken: Uint8Array<ArrayBuffer>, length: number): Uint8Array<ArrayBuffer> {
  return taken.length >= length ? taken : new Uint8Array(Math.max(length, taken.length * 2));
}

/**
 * The personal data in a text, in text order: emails and URLs, the dataset's values (`known`),
 * then numbers (IBANs, cards, phones), each where no earlier one was found. `taken` holds the
 * text's length at least; it is zeroed here.
 */
function findSpans(text: string, known: KnownValues, taken: Uint8Array): readonly PiiSpan[] {
  taken.fill(0, 0, text.length);
  const spans: PiiSpan[] = [];
  findEmailsAndUrls(text, taken, spans);
  known.find(text, taken, spans);
  findNumbers(text, taken, spans);
  spans.sort((a, b) => a.start - b.start);
  return spans.length === 0 ? NO_SPANS : spans;
}

/** What a helper found in the run's free texts (PiiInText.takeSpans), and what was read of it. */
interface FoundElsewhere {
  found: FoundSpans;
  /** The kind and pseudonym of each value found, by its place (null: its cell is no text). */
  valueOf: (KnownValue | null | undefined)[];
  /** Each text's spans once read; null for one left to `spans`. */
  spansOf: (readonly PiiSpan[] | null)[];
  /** The number of the text whose spans were asked for last. */
  last: number;
}

/** Numbers per span in FoundSpans.spans: start, end, kind (in PII_KINDS), value's place or -1. */
const SPAN_NUMBERS = 4;

/**
 * A helper thread's side of PiiInText.takeSpans (PiiInText.answer).
 * @example findSpansForRun(pii.spanTask(secret)).rewritten // ['Callback survey pending', null, …]
 */
export function findSpansForRun(task: SpanTask): FoundSpans {
  return PiiInText.answer(task);
}

/** The text with each span replaced by its pseudonym (or `spanText`) and each gap mapped. */
/** A date or date-time in ISO 8601 among words, not part of a longer run of digits and dashes. */
const ISO_DATE_IN_TEXT =
  /(?<![\d-])\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?(?![\d-])/g;

/** The ISO dates of a text, with their pseudonyms (fakeIsoDateText, keyed by the date). */
function isoDatesIn(text: string, random: KeyedRandom): { span: TextSpan; fake: string }[] {
  if (!/\d{4}-\d{2}-\d{2}/.test(text)) return [];
  const dates: { span: TextSpan; fake: string }[] = [];
  for (const match of text.matchAll(ISO_DATE_IN_TEXT)) {
    random.reseed('string', match[0]);
    const fake = fakeIsoDateText(match[0], random);
    if (fake !== null)
      dates.push({ span: { start: match.index, end: match.index + match[0].length }, fake });
  }
  return dates;
}

/** The dates of a text in other layouts ('3/14/2023', '14.02.2024', 'March 3, 2019'). */
function otherDatesIn(text: string, random: KeyedRandom): { span: TextSpan; fake: string }[] {
  const dates: { span: TextSpan; fake: string }[] = [];
  for (const span of datesInText(text)) {
    const date = text.slice(span.start, span.end);
    random.reseed('string', date);
    const fake = fakeDateText(date, random);
    if (fake !== null) dates.push({ span, fake });
  }
  return dates;
}

/**
 * From scheme 9 on, the ISO dates of a text outside the found values, and from scheme 10 on its
 * dates in other layouts (generators/date-text.ts), as more values: each moved as a text
 * column's date is (keyed by the date), so 'Hired 2021-03-15' and 'Called on 3/14/2023' name
 * real days, where their digits were redrawn into '1707-01-74' and '2/46/9583'. A date is no
 * personal data found: the counts leave it out.
 */
function withDates(
  text: string,
  spans: readonly PiiSpan[],
  fakes: readonly string[],
  random: KeyedRandom,
  scheme: number,
): { spans: readonly TextSpan[]; fakes: readonly string[] } {
  const overlapsFound = ({ span: { start, end } }: { span: TextSpan }) =>
    spans.some((span) => span.start < end && start < span.end);
  const dates = [
    ...isoDatesIn(text, random),
    ...(scheme >= 10 ? otherDatesIn(text, random) : []),
  ].filter((date) => !overlapsFound(date));
  return withSpans(spans, fakes, dates);
}

/** The spans and their pseudonyms with `more` among them, in the text's order. */
function withSpans(
  spans: readonly TextSpan[],
  fakes: readonly string[],
  more: readonly { span: TextSpan; fake: string }[],
): { spans: readonly TextSpan[]; fakes: readonly string[] } {
  if (more.length === 0) return { spans, fakes };
  const merged = [...spans.map((span, index) => ({ span, fake: fakes[index]! })), ...more].sort(
    (a, b) => a.span.start - b.span.start,
  );
  return { spans: merged.map(({ span }) => span), fakes: merged.map(({ fake }) => fake) };
}

/**
 * An IPv4 address in dotted quads, not part of a longer run of digits and dots. From scheme 11
 * on each is drawn as an IP column's value is ('logged in from 145.1.2.3'), its network kind
 * kept, where the text's draw redrew its digits into no address ('341.7.6.9').
 */
const IPV4_IN_TEXT =
  /(?<![\d.])(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?!\d|\.\d)/g;

/** Whether a text holds an IPv4 address (IPV4_IN_TEXT). */
function hasIpAddress(text: string): boolean {
  IPV4_IN_TEXT.lastIndex = 0;
  return IPV4_IN_TEXT.test(text);
}

/**
 * A run of four digits or more, not part of a longer number ('1,234.56', '12.3456'): an order,
 * ticket or invoice number ('Re: order #1712'). From scheme 10 on each goes through a keyed
 * permutation of the digits of its length (its first digit's zero kept), so the same number
 * reads alike in every text and file under the key, where each text redrew its digits ('#1712'
 * became '#7691' in a subject and '#1650' in its description). Shorter numbers ('3 items') stay
 * the text's draw.
 */
const NUMBER_IN_TEXT = /(?<![\d.,])\d{4,}(?![\d]|[.,]\d)/g;

/**
 * The spans and their pseudonyms with the matches of `pattern` outside them among them, each
 * written as `fakeOf` gives it:
 * - from scheme 10 on, runs of four digits or more (NUMBER_IN_TEXT);
 * - from scheme 11 on, IPv4 addresses (IPV4_IN_TEXT).
 */
function withMatches(
  text: string,
  { spans, fakes }: { spans: readonly TextSpan[]; fakes: readonly string[] },
  pattern: RegExp,
  fakeOf: (match: string) => string,
): { spans: readonly TextSpan[]; fakes: readonly string[] } {
  const found: { span: TextSpan; fake: string }[] = [];
  for (const match of text.matchAll(pattern)) {
    const start = match.index;
    const end = start + match[0].length;
    if (spans.some((span) => span.start < end && start < span.end)) continue;
    found.push({ span: { start, end }, fake: fakeOf(match[0]) });
  }
  return withSpans(spans, fakes, found);
}

/** A stretch of a text that takes a pseudonym of its own. */
interface TextSpan {
  start: number;
  end: number;
}

function joinAround(
  text: string,
  spans: readonly TextSpan[],
  fakes: readonly string[],
  mapGap: (gap: string) => string,
  spanText?: string,
): string {
  let out = '';
  let at = 0;
  spans.forEach((span, index) => {
    if (span.start > at) out += mapGap(text.slice(at, span.start));
    out += spanText ?? fakes[index]!;
    at = span.end;
  });
  if (at < text.length) out += mapGap(text.slice(at));
  return flatString(out);
}

/**
 * A free-text column's plan: a text with personal data gets `rewrite`, and from scheme 6 on so
 * does a text of several words (PiiInText.rewrites); another keeps the plan it had (the word or
 * character rules of the string plan). Its namespace is apart from the structured ones, which
 * are generated first (see pseudonymize).
 */
export function freeTextPlan(
  plan: ColumnPlan,
  pii: PiiInText,
  mode: 'auto' | 'redact',
): ColumnPlan {
  const rewritten = (original: Cell, text: string): boolean =>
    typeof original === 'string' && pii.rewrites(text);
  const { permute, generate } = plan;
  return {
    ...plan,
    namespace: `${plan.namespace}|${mode === 'redact' ? 'redact' : 'text'}`,
    freeText: mode,
    generate: (original, text, attempt) =>
      rewritten(original, text)
        ? pii.rewrite(text, 'auto', plan.kind, attempt)
        : generate(original, text, attempt),
    ...(permute
      ? {
          permute: (original: Cell, text: string) =>
            rewritten(original, text) ? null : permute(original, text),
        }
      : {}),
  };
}
