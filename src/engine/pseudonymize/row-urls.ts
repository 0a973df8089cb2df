import { URL_PIECE_DELIMITERS, urlParts } from '../text/url-parts';
import type { Cell, Sheet } from '../types';
import type { KeyedRandom } from './keyed-random';
import type { PlannedColumn } from './namespace';
import { cachedLetters, nameLayoutWith, rebuiltLocal } from './row-people';

/*
 * URLs built from the row's names (scheme 2 on), as row-people.ts rebuilds emails: a URL whose
 * host or path holds the row's first or last name in one of the local-part layouts
 * ('https://catherinemoore.com', 'https://linkedin.com/in/catherine-moore',
 * 'https://www.contosoltd.com/team/whitfield', 'http://github.com/cmoore82') keeps its
 * structure, and:
 * - each name part (a host label or a path, query or fragment piece) is written from the row's
 *   pseudonymized names in the same layout: case, separator, initials, and digits in place,
 *   redrawn keyed by the piece (a username column holding the same piece gets the same digits);
 * - a host made of the names is rebuilt that way, its top-level labels kept ('.com', '.co.uk');
 *   any other host is replaced by the host of the URL's per-value pseudonym, so no company or
 *   domain survives, 'www.' kept as the original wrote it; scheme, port and the other pieces of
 *   the path stay.
 * A rebuilt URL that equals its original, or still holds one of the row's original names (a
 * piece the layouts do not read, 'catherine-moore-4b2a1'), keeps the per-value pseudonym, which
 * holds none. So does a URL with no name in it. A name's pseudonym never depends on its row,
 * so the same person's URL is rebuilt alike in every file under one key.
 */

/** A piece's file extension ('cmoore.html'), read apart from the name. */
const EXTENSION = /^(.+?)(\.[A-Za-z0-9]{1,5})$/;

/** Shorter names are too often part of other words to tell a leak ('Al', 'Bo'). */
const SHORTEST_CHECKED_NAME = 3;

function cellString(cell: Cell | undefined): string {
  return typeof cell === 'string' ? cell : '';
}

/** The names of a row, original and pseudonymized, and how a piece is rebuilt from them. */
interface RowNames {
  first: string;
  last: string;
  fakeFirst: string;
  fakeLast: string;
  random: KeyedRandom;
  lettersOf: (text: string) => string;
}

/** `piece` written from the pseudonymized names when it is made of the original ones; else null. */
function rebuiltPiece(piece: string, names: RowNames): string | null {
  const whole = nameLayoutWith(piece, names.first, names.last, names.lettersOf);
  if (whole) {
    const local = rebuiltLocal(
      whole,
      names.fakeFirst,
      names.fakeLast,
      piece,
      names.random,
      0,
      names.lettersOf,
    );
    return local === '' ? null : local;
  }
  const withExtension = EXTENSION.exec(piece);
  if (!withExtension) return null;
  const name = rebuiltPiece(withExtension[1]!, names);
  return name === null ? null : name + withExtension[2]!;
}

/** The URL rebuilt from the row's pseudonymized names, or null when it holds no name. */
function rebuiltUrl(original: string, written: string, names: RowNames): string | null {
  const parts = urlParts(original);
  if (!parts) return null;
  let fromNames = false;
  let host: string | null = null;
  if (parts.labels.length >= 2) {
    const label = rebuiltPiece(parts.labels[0]!, names);
    if (label !== null) {
      host = [label, ...parts.labels.slice(1)].join('.');
      fromNames = true;
    }
  }
  const rest = parts.rest
    .split(URL_PIECE_DELIMITERS)
    .map((piece) => {
      if (piece === '' || URL_PIECE_DELIMITERS.test(piece)) return piece;
      const rebuilt = rebuiltPiece(piece, names);
      if (rebuilt === null) return piece;
      fromNames = true;
      return rebuilt;
    })
    .join('');
  if (!fromNames) return null;
  if (host === null) {
    const pseudonym = urlParts(written);
    if (!pseudonym) return null;
    host = pseudonym.labels.join('.');
  }
  return parts.scheme + (parts.www ? 'www.' : '') + host + parts.port + rest;
}

/**
 * Whether `url` may hold the row's first or last name: every layout holds one of them whole
 * (as letters, or with accented letters dropped), so a URL holding neither is left before it
 * is parsed, which most URLs of a column not made of names are.
 */
function mayHoldNames(url: string, names: RowNames): boolean {
  const lower = url.toLowerCase();
  return [names.first, names.last].some((name) => {
    const nameLetters = names.lettersOf(name);
    if (nameLetters.length >= 2 && lower.includes(nameLetters)) return true;
    const dropped = name.toLowerCase().replace(/[^a-z]/g, '');
    return dropped.length >= 2 && dropped !== nameLetters && lower.includes(dropped);
  });
}

/** Whether `url` still holds one of the row's original names (letters compared, any case). */
function holdsName(url: string, names: RowNames): boolean {
  const lower = url.toLowerCase();
  return [names.first, names.last].some((name) => {
    const nameLetters = names.lettersOf(name);
    return nameLetters.length >= SHORTEST_CHECKED_NAME && lower.includes(nameLetters);
  });
}

/**
 * Rebuilds the URLs of a sheet's rows that were built from the row's first or last name from
 * the row's pseudonymized names (see above). Returns how many URL cells it rewrote.
 * @example rebuildUrls(0, sheet, outputSheet, planned, random) // 27
 */
export function rebuildUrls(
  sheetIndex: number,
  input: Sheet,
  output: Sheet,
  planned: readonly PlannedColumn[],
  random: KeyedRandom,
): number {
  const ofSheet = planned.filter((column) => column.sheetIndex === sheetIndex);
  const first = ofSheet.find((column) => column.schema.semantic === 'firstName');
  const last = ofSheet.find((column) => column.schema.semantic === 'lastName');
  if (!first || !last) return 0;
  const urls = ofSheet.filter(
    (column) => column.schema.semantic === 'url' && column.schema.rule.action !== 'faker',
  );
  let rebuilt = 0;
  const lettersOf = cachedLetters();
  for (const column of urls) {
    const { columnIndex, rowIds } = column;
    for (let row = 0; row < input.rows.length; row++) {
      if (rowIds[row]! < 0) continue;
      const source = input.rows[row]!;
      const fake = output.rows[row]!;
      const original = cellString(source[columnIndex]);
      const names: RowNames = {
        first: cellString(source[first.columnIndex]),
        last: cellString(source[last.columnIndex]),
        fakeFirst: cellString(fake[first.columnIndex]),
        fakeLast: cellString(fake[last.columnIndex]),
        random,
        lettersOf,
      };
      if (!mayHoldNames(original, names)) continue;
      const url = rebuiltUrl(original, cellString(fake[columnIndex]), names);
      if (url === null || url === original || holdsName(url, names)) continue;
      fake[columnIndex] = url;
      column.rowRewritten = true;
      rebuilt++;
    }
  }
  return rebuilt;
}
