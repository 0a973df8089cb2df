import { EngineError } from '../errors';

/** Text decoded from a file's bytes, and whether the bytes began with a byte-order mark. */
export interface DecodedText {
  text: string;
  bom: boolean;
  /** Which decoding was used; 'windows-1252' means the bytes were not valid UTF-8. */
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
}

// Windows-1252's 0x80–0x9F. Node's TextDecoder('windows-1252') decodes these as Latin-1 control
// characters, so they are mapped here (the five unassigned bytes stay as they are).
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039,
  0x0152, 0x8d, 0x017d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc,
  0x2122, 0x0161, 0x203a, 0x0153, 0x9d, 0x017e, 0x0178,
];

/**
 * Windows-1252 bytes as text, as decodeText reads a file whose bytes are not valid UTF-8.
 * @example decodeWindows1252(new Uint8Array([0x5a, 0xfc, 0x80])) // 'Zü€'
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  const text = new TextDecoder('windows-1252').decode(bytes);
  return text.replace(/[\x80-\x9f]/g, (c) =>
    String.fromCharCode(CP1252_HIGH[c.charCodeAt(0) - 0x80] ?? c.charCodeAt(0)),
  );
}

/**
 * UTF-16 without a byte-order mark: text where one byte of each pair is mostly zero. Checked on
 * the first bytes only; real UTF-8 or Windows-1252 text never holds NUL bytes.
 */
function sniffUtf16WithoutBom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const length = Math.min(bytes.length, 512) & ~1;
  if (length < 4) return null;
  let zeroEven = 0;
  let zeroOdd = 0;
  for (let index = 0; index < length; index += 2) {
    if (bytes[index] === 0) zeroEven++;
    if (bytes[index + 1] === 0) zeroOdd++;
  }
  const pairs = length / 2;
  if (zeroOdd > pairs * 0.6 && zeroEven < pairs * 0.1) return 'utf-16le';
  if (zeroEven > pairs * 0.6 && zeroOdd < pairs * 0.1) return 'utf-16be';
  return null;
}

/**
 * The UTF-16 the bytes are in: by their byte-order mark, else by their look
 * (sniffUtf16WithoutBom); null for bytes of any other encoding.
 * @example utf16Of(new Uint8Array([0xff, 0xfe, 0x61, 0x00])) // 'utf-16le'
 */
export function utf16Of(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return sniffUtf16WithoutBom(bytes);
}

/** Whether a UTF-8 byte-order mark stands at `at`. */
function utf8BomAt(bytes: Uint8Array, at: number): boolean {
  return bytes[at] === 0xef && bytes[at + 1] === 0xbb && bytes[at + 2] === 0xbf;
}

/**
 * Where the text of UTF-8 bytes starts, as decodeText decodes it: after a byte-order mark, and
 * after a second one right behind it, which TextDecoder drops as well (it drops a mark at the
 * start of what it decodes). A mark further on is a character of the text.
 * @example utf8TextStart(new Uint8Array([0xef, 0xbb, 0xbf, 0x61])) // 3
 */
export function utf8TextStart(bytes: Uint8Array): number {
  if (!utf8BomAt(bytes, 0)) return 0;
  return utf8BomAt(bytes, 3) ? 6 : 3;
}

/**
 * The longest text a file may hold to be read whole: V8's longest string (String::kMaxLength,
 * 2^29 - 24 UTF-16 units on 64-bit). No encoding decodes to more units than it has bytes, so a
 * file of at most this many bytes always fits; past it, Node's decoder does not throw but ends
 * the process.
 */
export const MAX_TEXT_FILE_BYTES = 2 ** 29 - 24;

/**
 * Decodes text bytes: a UTF-8 or UTF-16 (LE/BE) byte-order mark wins; then UTF-16 without a mark
 * when the bytes look like it; then UTF-8; Windows-1252 when the bytes are not valid UTF-8.
 * Refuses (TOO_LARGE) bytes over `maxBytes`, by default the most a string can hold.
 * @example decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x61])) // { text: 'a', bom: true }
 */
export function decodeText(bytes: Uint8Array, maxBytes = MAX_TEXT_FILE_BYTES): DecodedText {
  if (bytes.length > maxBytes) {
    const megabytes = (size: number) => Math.floor(size / 1024 ** 2).toLocaleString('en-US');
    throw new EngineError(
      'TOO_LARGE',
      `The file holds ${megabytes(bytes.length)} MB of text; a text file is read whole up to ` +
        `${megabytes(maxBytes)} MB. The command line streams a csv, tsv or JSON Lines file of ` +
        "any size; split other files by rows (see the README's Command line section).",
    );
  }
  const [b0, b1, b2] = bytes;
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) {
    return {
      text: new TextDecoder('utf-8').decode(bytes.subarray(3)),
      bom: true,
      encoding: 'utf-8',
    };
  }
  if (b0 === 0xff && b1 === 0xfe) {
    return {
      text: new TextDecoder('utf-16le').decode(bytes.subarray(2)),
      bom: true,
      encoding: 'utf-16le',
    };
  }
  if (b0 === 0xfe && b1 === 0xff) {
    return {
      text: new TextDecoder('utf-16be').decode(bytes.subarray(2)),
      bom: true,
      encoding: 'utf-16be',
    };
  }
  const utf16 = sniffUtf16WithoutBom(bytes);
  if (utf16) return { text: new TextDecoder(utf16).decode(bytes), bom: false, encoding: utf16 };
  try {
    return {
      text: new TextDecoder('utf-8', { fatal: true }).decode(bytes),
      bom: false,
      encoding: 'utf-8',
    };
  } catch {
    return { text: decodeWindows1252(bytes), bom: false, encoding: 'windows-1252' };
  }
}
