import { flatString } from '../../text/flat-string';
import type { Cell, PiiInTextStats, Semantic, Sheet } from '../../types';
import type { ColumnPlan } from '../column-plan';
import { DigitPermutation, digitCodeDomain } from '../digit-permutation';
import { datesInText, fakeDateText } from '../generators/date-text';
import { fakeIsoDateText } from '../generators/iso-date-text';
import { semanticGenerator } from '../generators/semantic';
import { isWordLike, replaceWords, substituteCharacters } from '../generators/text';
import type { FakeSource } from '../keyed-faker';
import type { KeyedRandom } from '../keyed-random';
import { isJsonContainer, replaceJsonValues } from '../json-text';
import { generatorText, type Namespace, type PlannedColumn } from '../namespace';
import { PSEUDONYM_SCHEME_VERSION } from '../scheme-version';
import type { SensitiveOriginals } from '../sensitive-originals';
import { StringHashSet } from '../string-hash-set';
import { KnownValues, type KnownColumn } from './known-values';
import { isPeriodText } from '../generators/period-text';
import { GENERATOR_SEMANTIC, piiKindOfColumn } from './pii-columns';
import { findEmailsAndUrls, findNumbers } from './pii-patterns';
import type { PiiSpan } from './pii-span';

/** Two tokens or more: text between which there is white space. */
const SEVERAL_TOKENS = /\S\s+\S/;

/** Redraws a found value's pseudonym may take to stay off the file's names, emails and phones. */
const SPAN_ATTEMPTS = 12;

/** What stands for a found value when deciding whether the text around it is word-like. */
const SPAN_AS_WORD = 'name';

/**
 * The personal data in free-text cells and its pseudonyms. `learn` reads the structured
 * columns once they are written; then each text's emails, phones, URLs, IBANs,
 * cards (by pattern) and the dataset's own values (by lookup) are found, and each gets the
 * pseudonym its column gave it, or, with no column, the one its kind's keyed generator makes
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

  /** Whether a free text's pseudonym is rewrite's (personal data in it, or #inWords). */
  rewrites(text: string): boolean {
    // From scheme 11 on, a period ('Q2 2024') is its column plan's, which keeps it one.
    if (this.#scheme >= 11 && isPeriodText(text)) return false;
    // Words first: most texts are several words, and then their spans wait for rewrite.
    return this.#inWords(text) || this.spans(text).length > 0;
  }

  /**
   * Learns the originals of the structured columns (see piiKindOfColumn) and what their cells
   * became in the output (a row rule may have rebuilt an email from the row's names); full
   * names also lend their words to their pseudonym's words ('Ann Lee' → 'Rosa Kling' gives
   * 'Lee' → 'Kling'), so a note that names only the surname still gets the same one.
   */
  learn(
    planned: readonly PlannedColumn[],
    output: readonly Sheet[],
    sensitive: SensitiveOriginals,
  ): void {
    this.#sensitive = sensitive;
    this.#spansByText = new Map();
    const columns: KnownColumn[] = [];
    const fullNames: PlannedColumn[] = [];
    for (const column of planned) {
      const { namespace, schema, rowIds, sheetIndex, columnIndex } = column;
      if (namespace.plan.freeText) continue;
      const kind = piiKindOfColumn(schema, this.#scheme);
      if (!kind) continue;
      const firstRow = new Int32Array(namespace.originals.length).fill(-1);
      for (let row = rowIds.length - 1; row >= 0; row--) {
        const id = rowIds[row]!;
        if (id >= 0) firstRow[id] = row;
      }
      const rows = output[sheetIndex]!.rows;
      columns.push({
        kind,
        originals: namespace.originals,
        ids: namespace.ids,
        firstRow,
        written: (row) => rows[row]![columnIndex] ?? null,
      });
      if (schema.semantic === 'fullName') fullNames.push(column);
    }
    this.#known = KnownValues.fromColumns(columns, freeTexts(planned));
    // A full name's words depend on its row's pseudonym, so those rows are all read.
    for (const { namespace, rowIds, sheetIndex, columnIndex } of fullNames) {
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
    const cached = this.#spansByText.get(text);
    if (cached !== undefined) return cached;
    if (this.#taken.length < text.length) {
      this.#taken = new Uint8Array(Math.max(text.length, this.#taken.length * 2));
    }
    const taken = this.#taken;
    taken.fill(0, 0, text.length);
    const spans: PiiSpan[] = [];
    findEmailsAndUrls(text, taken, spans);
    this.#known.find(text, taken, spans);
    findNumbers(text, taken, spans);
    spans.sort((a, b) => a.start - b.start);
    const found = spans.length === 0 ? NO_SPANS : spans;
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
    if (mode === 'auto' && this.#scheme >= 8) {
      // JSON text keeps its keys, literals and layout: each value is rewritten on its own.
      const json = replaceJsonValues(text, (value, valueKind) =>
        valueKind === 'string'
          ? this.rewrite(value, mode, kind, attempt)
          : this.#digitsOf(value, kind, attempt),
      );
      if (json !== null) return json;
    }
    const found = this.spans(text);
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
        found = namespace.originals.map((original) =>
          typeof original === 'string' ? this.spans(generatorText(original)) : null,
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

/** The distinct texts of the free-text columns, each namespace's once. */
function* freeTexts(planned: readonly PlannedColumn[]): Generator<string> {
  const seen = new Set<Namespace>();
  for (const { namespace } of planned) {
    if (!namespace.plan.freeText || seen.has(namespace)) continue;
    seen.add(namespace);
    for (const original of namespace.originals) {
      if (typeof original === 'string') yield original;
    }
  }
}

/** The spans of a text with no personal data (shared: spans are never changed once found). */
const NO_SPANS: readonly PiiSpan[] = Object.freeze([]);

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
