/**
 * `Content-Disposition: attachment` for any file name (inlineHeader: `inline`): an RFC 5987 `filename*` with the exact
 * UTF-8 name, and a plain ASCII `filename` fallback for old clients, with quotes, backslashes,
 * control characters and path separators replaced so no name can break the header.
 * @example attachmentHeader('Kundenübersicht.pseudonymized.csv')
 * // attachment; filename="Kunden_bersicht.pseudonymized.csv"; filename*=UTF-8''Kunden%C3%BCbersicht.pseudonymized.csv
 */
export function attachmentHeader(fileName: string): string {
  return dispositionHeader('attachment', fileName);
}

/**
 * `Content-Disposition` of a page a browser shows in place (`inline`), under the name it is saved
 * by, with the same two forms of the name as attachmentHeader.
 * @example inlineHeader('people-report.html') // inline; filename="people-report.html"; filename*=UTF-8''people-report.html
 */
export function inlineHeader(fileName: string): string {
  return dispositionHeader('inline', fileName);
}

function dispositionHeader(type: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\/%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The longest file name common file systems take, in UTF-8 bytes. */
const MAX_NAME_BYTES = 255;

/** Control characters and the bidirectional marks that could make a name read backwards. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A download's file name: the uploaded name without its extension, then `.<kind>.<format>`. Unsafe
 * characters become `_`, dots and spaces at either end go (`..csv` has no name left: `dataset`),
 * and the name is cut, never inside a character, to fit 255 UTF-8 bytes.
 * @example downloadName('people.csv', 'pseudonymized', 'xlsx') // 'people.pseudonymized.xlsx'
 */
export function downloadName(uploadedName: string, kind: string, format: string): string {
  return nameWithSuffix(uploadedName, `.${kind}.${format}`);
}

/** Characters that would make a sheet's name a path, or that file systems refuse. */
const UNSAFE_IN_SHEET_NAMES = /[/\\:*?"<>|]/g;

/** Bytes of a sheet's name kept in a download's name. */
const MAX_SHEET_NAME_BYTES = 100;

/**
 * The file name of one sheet's download: the uploaded name without its extension, the sheet's
 * name, then `.<kind>.<format>`, made safe as downloadName does (and without path separators).
 * @example sheetDownloadName('shop.xlsx', 'Orders', 'pseudonymized', 'csv') // 'shop.Orders.pseudonymized.csv'
 */
export function sheetDownloadName(
  uploadedName: string,
  sheetName: string,
  kind: string,
  format: string,
): string {
  const sheet = trimDotsAndSpaces(
    cutToBytes(
      sheetName.replace(UNSAFE_CHARACTERS, '_').replace(UNSAFE_IN_SHEET_NAMES, '_'),
      MAX_SHEET_NAME_BYTES,
    ),
  );
  return nameWithSuffix(uploadedName, `.${sheet || 'sheet'}.${kind}.${format}`);
}

/**
 * The report page's file name: the uploaded name without its extension, then `-report.html`,
 * made safe as downloadName does.
 * @example reportFileName('people.csv') // 'people-report.html'
 */
export function reportFileName(uploadedName: string): string {
  return nameWithSuffix(uploadedName, '-report.html');
}

function nameWithSuffix(uploadedName: string, suffix: string): string {
  const dot = uploadedName.lastIndexOf('.');
  const stem = (dot < 0 ? uploadedName : uploadedName.slice(0, dot)).replace(
    UNSAFE_CHARACTERS,
    '_',
  );
  const room = MAX_NAME_BYTES - Buffer.byteLength(suffix, 'utf8');
  const kept = trimDotsAndSpaces(cutToBytes(trimDotsAndSpaces(stem), room));
  return `${kept || 'dataset'}${suffix}`;
}

function trimDotsAndSpaces(text: string): string {
  return text.replace(/^[\s.]+|[\s.]+$/g, '');
}

/** The longest start of `text` that takes at most `maxBytes` in UTF-8, whole characters only. */
function cutToBytes(text: string, maxBytes: number): string {
  let bytes = 0;
  let end = 0;
  for (const character of text) {
    bytes += Buffer.byteLength(character, 'utf8');
    if (bytes > maxBytes) break;
    end += character.length;
  }
  return text.slice(0, end);
}
