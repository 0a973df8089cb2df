import { RecordEnds, type DelimitedLayout } from '../engine';

/*
 * What a streaming run reads in a delimited text's bytes without decoding them: its head (BOM,
 * Excel's "sep=" line, header) and its lines, as the engine's reader counts them.
 */

const LF = 0x0a;
const CR = 0x0d;
const UTF8_BOM = [0xef, 0xbb, 0xbf];

export function startsWithUtf8Bom(bytes: Uint8Array): boolean {
  return UTF8_BOM.every((byte, index) => bytes[index] === byte);
}

/**
 * Where a delimited text's head ends: after its header record, and after a "sep=" line before it
 * (behind a BOM); -1 when the bytes end first.
 * @example headLength(new TextEncoder().encode('sep=;\na;b\n1;2\n'), { delimiter: ';', lineBreak: 10 }) // 10
 */
export function headLength(bytes: Uint8Array, layout: DelimitedLayout): number {
  const start = startsWithUtf8Bom(bytes) ? UTF8_BOM.length : 0;
  const sepLine = new TextDecoder().decode(bytes.subarray(start, start + 4)) === 'sep=';
  const ends = new RecordEnds(layout);
  const end = ends.next(bytes, 0);
  return sepLine && end >= 0 ? ends.next(bytes, end) : end;
}

/**
 * Line breaks as the reader numbers lines: an LF, a CRLF and a lone CR (old Mac text) end one
 * each, so a part's first line is the one an error in it names.
 */
export function lineBreaks(bytes: Uint8Array): number {
  let breaks = 0;
  for (let at = bytes.indexOf(LF); at >= 0; at = bytes.indexOf(LF, at + 1)) breaks++;
  for (let at = bytes.indexOf(CR); at >= 0; at = bytes.indexOf(CR, at + 1)) {
    if (bytes[at + 1] !== LF) breaks++;
  }
  return breaks;
}
