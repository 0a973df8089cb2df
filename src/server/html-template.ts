/**
 * HTML built by a tagged template that escapes every interpolated value unless it is HTML built
 * the same way: a column or sheet name (user data) can never become markup, whichever place of
 * the page it lands in, text or attribute.
 */

/** Markup, built by `html` or `rawHtml`; anything else interpolated is text and escaped. */
export class Html {
  constructor(readonly markup: string) {}

  toString(): string {
    return this.markup;
  }
}

/** What a template may hold: text (escaped), numbers, markup, lists of markup, or nothing. */
export type HtmlValue = Html | string | number | readonly Html[] | null | undefined | false;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text made safe for an element's content and for a quoted attribute value.
 * @example escapeHtml('<script>') // '&lt;script&gt;'
 */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

function markupOf(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.markup;
  if (Array.isArray(value)) return (value as readonly Html[]).map((each) => each.markup).join('');
  return escapeHtml(String(value));
}

/**
 * Markup with every interpolated value escaped, but for markup built by this same tag.
 * @example html`<td>${columnName}</td>`.markup // '<td>&lt;b&gt;</td>' for the name '<b>'
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let markup = strings[0]!;
  values.forEach((value, index) => {
    markup += markupOf(value) + strings[index + 1]!;
  });
  return new Html(markup);
}

/** Markup written in the source (a style sheet), taken as it is: never pass data through it. */
export function rawHtml(markup: string): Html {
  return new Html(markup);
}
