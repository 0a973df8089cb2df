import { html, type Html, type HtmlValue } from './html-template';

/** One body row: its header cell (the row's name), then its data cells, all escaped. */
export type TableRow = readonly [name: HtmlValue, ...cells: HtmlValue[]];

/**
 * A table of figures as the report's pages write them: column headers, rows whose first cell
 * names the row (`<th scope="row">`) unless `namedRows` is false, an optional caption.
 * @example htmlTable({ headers: ['Column', 'Cells'], rows: [['zip', 3]] })
 */
export function htmlTable({
  headers,
  rows,
  caption,
  className,
  namedRows = true,
}: {
  headers: readonly HtmlValue[];
  rows: readonly TableRow[];
  caption?: HtmlValue;
  className?: string;
  namedRows?: boolean;
}): Html {
  const body = rows.map(
    ([name, ...cells]) =>
      html`<tr>
        ${namedRows ? html`<th scope="row">${name}</th>` : html`<td>${name}</td>`}${cells.map(
          (cell) => html`<td>${cell}</td>`,
        )}
      </tr>`,
  );
  return html`<table${className ? html` class="${className}"` : null}>
    ${
      caption === undefined
        ? null
        : html`<caption>
            ${caption}
          </caption>`
    }
    <thead>
      <tr>
        ${headers.map((header) => html`<th scope="col">${header}</th>`)}
      </tr>
    </thead>
    <tbody>
      ${body}
    </tbody>
  </table>`;
}
