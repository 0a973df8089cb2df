/** Scheme (optional), host, port, and the rest from the first '/', '?' or '#'. */
const URL_PARTS = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/)?([^/?#:@\s]+)(:\d+)?([/?#]\S*)?$/;

/** Pieces of a URL's path, query and fragment, the delimiters kept as pieces of their own. */
export const URL_PIECE_DELIMITERS = /([/?#&=])/;

/** A URL read in parts: what URL pseudonyms keep (scheme, 'www.', port) and replace. */
export interface UrlParts {
  /** 'https://', or '' for a URL written without one ('acme.com/team'). */
  scheme: string;
  www: boolean;
  /** Host labels after 'www.'. */
  labels: string[];
  port: string;
  /** The path, query and fragment, from the first '/', '?' or '#'. */
  rest: string;
}

/**
 * A URL's parts, or null for text that is none.
 * @example urlParts('https://www.acme.com:8080/team?x=1') // { scheme: 'https://', www: true, labels: ['acme', 'com'], port: ':8080', rest: '/team?x=1' }
 */
export function urlParts(text: string): UrlParts | null {
  const match = URL_PARTS.exec(text.trim());
  if (!match) return null;
  const labels = match[2]!.split('.');
  const www = labels.length > 2 && labels[0]!.toLowerCase() === 'www';
  return {
    scheme: match[1] ?? '',
    www,
    labels: www ? labels.slice(1) : labels,
    port: match[3] ?? '',
    rest: match[4] ?? '',
  };
}
