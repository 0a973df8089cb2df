/**
 * Written xlsx and xls files read at the level of their parts, independent of SheetJS and of our
 * readers: the xlsx's XML (shared strings, cell styles, formulas) and the xls's BIFF records (the
 * quote-prefix flag of each text cell's XF), which no reader hands back.
 */
import { inflateRawSync } from 'node:zlib';
import { CFB } from '@e965/xlsx';

/** One cell of an xlsx sheet: its text (null for numbers and booleans) and its quote prefix. */
export interface XlsxCell {
  text: string | null;
  quotePrefix: boolean;
}

export interface XlsxParts {
  /** Every part's XML by path ("xl/sharedStrings.xml"). */
  xml: Map<string, string>;
  sharedStrings: string[];
  /** Each sheet's cells by row and column, in sheet order. */
  sheets: (XlsxCell | undefined)[][][];
}

/**
 * The parts of a ZIP, found through its central directory (the writer streams its entries, so
 * their local headers leave the sizes to a data descriptor after the data).
 */
function zipParts(bytes: Uint8Array): Map<string, string> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts = new Map<string, string>();
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  for (let entry = 0; entry < count; entry++) {
    const method = view.getUint16(at + 10, true);
    const compressed = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    const local = view.getUint32(at + 42, true);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(start, start + compressed);
    parts.set(name, new TextDecoder().decode(method === 8 ? inflateRawSync(data) : data));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return parts;
}

/** XML text as the characters it stands for, OOXML's `_xHHHH_` escapes included. */
function xmlText(text: string): string {
  return text
    .replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) =>
      name === 'lt'
        ? '<'
        : name === 'gt'
          ? '>'
          : name === 'quot'
            ? '"'
            : name === 'apos'
              ? "'"
              : '&',
    )
    .replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function position(reference: string): { row: number; column: number } {
  const [, letters = '', digits = ''] = /^([A-Z]+)(\d+)$/.exec(reference) ?? [];
  let column = 0;
  for (const letter of letters) column = column * 26 + letter.charCodeAt(0) - 64;
  return { row: Number(digits) - 1, column: column - 1 };
}

export function readXlsxParts(bytes: Uint8Array): XlsxParts {
  const xml = zipParts(bytes);
  const sharedStrings = [
    ...(xml.get('xl/sharedStrings.xml') ?? '').matchAll(/<si>(.*?)<\/si>/gs),
  ].map(([, item = '']) =>
    xmlText([...item.matchAll(/<t[^>]*>(.*?)<\/t>/gs)].map(([, t]) => t).join('')),
  );
  const cellXfs = /<cellXfs[^>]*>(.*?)<\/cellXfs>/s.exec(xml.get('xl/styles.xml') ?? '')?.[1] ?? '';
  const quotePrefixed = [...cellXfs.matchAll(/<xf\b[^>]*>/g)].map(([xf]) =>
    /\squotePrefix="(1|true)"/.test(xf),
  );
  const sheetNames = [...xml.keys()]
    .filter((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name))
    .sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]));
  const sheets = sheetNames.map((name) => {
    const rows: (XlsxCell | undefined)[][] = [];
    for (const [, attributes = '', content = ''] of (xml.get(name) ?? '').matchAll(
      /<c\b([^>]*?)(?:\/>|>(.*?)<\/c>)/gs,
    )) {
      const { row, column } = position(/\sr="([^"]+)"/.exec(attributes)?.[1] ?? '');
      const type = /\st="([^"]+)"/.exec(attributes)?.[1];
      const style = Number(/\ss="(\d+)"/.exec(attributes)?.[1] ?? 0);
      const value = /<v>(.*?)<\/v>/s.exec(content)?.[1];
      const text =
        type === 's'
          ? (sharedStrings[Number(value)] ?? null)
          : type === 'inlineStr'
            ? xmlText(/<t[^>]*>(.*?)<\/t>/s.exec(content)?.[1] ?? '')
            : null;
      (rows[row] ??= [])[column] = { text, quotePrefix: quotePrefixed[style] ?? false };
    }
    return rows;
  });
  return { xml, sharedStrings, sheets };
}

const XF = 0x00e0;
const LABELSST = 0x00fd;
const LABEL = 0x0204;
const BOF = 0x0809;
/** f123Prefix in an XF's flags word ([MS-XLS] 2.4.353): the quote prefix. */
const XF_QUOTE_PREFIX = 0x0008;

/**
 * The text cells of an xls (BIFF8) whose style carries the quote prefix, as "sheet:row:column"
 * (all counted from 0).
 */
export function xlsQuotePrefixedCells(bytes: Uint8Array): Set<string> {
  const tools = CFB as {
    read: (data: Uint8Array, options: object) => unknown;
    find: (container: unknown, path: string) => { content: Uint8Array } | null;
  };
  const stream = tools.find(tools.read(bytes, { type: 'array' }), '/Workbook')?.content;
  if (!stream) throw new Error('no Workbook stream');
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  const prefixedXfs: boolean[] = [];
  const cells = new Set<string>();
  let sheet = -1;
  for (let at = 0; at + 4 <= stream.length; at += 4 + view.getUint16(at + 2, true)) {
    const type = view.getUint16(at, true);
    if (type === BOF && at > 0) sheet++;
    if (type === XF && sheet < 0) {
      prefixedXfs.push((view.getUint16(at + 8, true) & XF_QUOTE_PREFIX) !== 0);
    }
    if ((type === LABELSST || type === LABEL) && prefixedXfs[view.getUint16(at + 8, true)]) {
      cells.add(`${sheet}:${view.getUint16(at + 4, true)}:${view.getUint16(at + 6, true)}`);
    }
  }
  return cells;
}
