/**
 * `Content-Disposition: attachment` for any file name: an RFC 5987 `filename*` with the exact
 * UTF-8 name, and a plain ASCII `filename` fallback for old clients, with quotes, backslashes,
 * control characters and path separators replaced so no name can break the header.
 * @example attachmentHeader('Kundenübersicht.pseudonymized.csv')
 * // attachment; filename="Kunden_bersicht.pseudonymized.csv"; filename*=UTF-8''Kunden%C3%BCbersicht.pseudonymized.csv
 */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\/%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
