/**
 * The privacy and utility report as one self-contained printable HTML page: inline CSS, inline
 * SVG charts, no script, no request for anything else. It holds the report's figures only (see
 * privacyReportSchema): column and sheet names are the only text from the file, escaped
 * everywhere by the `html` tag.
 */
import { reportSummaryParts, type PrivacyReport } from '../engine';
import { html, type Html } from './html-template';
import { htmlTable, type TableRow } from './html-table';
import { barChart } from './report-charts';
import { REPORT_STYLE } from './report-html-style';

type SheetReport = PrivacyReport['sheets'][number];
type ColumnReport = SheetReport['columns'][number];
type RiskFigures = SheetReport['risk'];
type NumberFigures = NonNullable<ColumnReport['numbers']>;
type DateFigures = NonNullable<ColumnReport['dates']>;
type ReportWarning = PrivacyReport['warnings'][number];

export interface ReportPage {
  report: PrivacyReport;
  /** The uploaded file's name. */
  fileName: string;
  /** When the run was recorded (milliseconds since the epoch). */
  ranAt: number;
}

/** A share as a percentage with one decimal at most: 0.8333 → "83.3%". */
function percent(share: number): string {
  return `${Math.round(share * 1000) / 10}%`;
}

function count(value: number): string {
  return value.toLocaleString('en-US');
}

function plural(value: number, one: string, many = `${one}s`): string {
  return `${count(value)} ${value === 1 ? one : many}`;
}

/** A figure of a number column, to at most four decimals. */
function figure(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 4 });
}

/** Dates are figured as wall-clock milliseconds: written as UTC text, the time only if any. */
function dateFigure(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  const iso = new Date(ms).toISOString();
  if (iso.endsWith('T00:00:00.000Z')) return iso.slice(0, 10);
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

function runTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** "zip" → "zip"; figures' keys as words: "uniqueShare" → "unique share". */
function words(key: string): string {
  return key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** A report's figures in words: shares as percentages, the rest as counts. */
function figureText(key: string, value: number): string {
  return `${words(key)}: ${/share/i.test(key) ? percent(value) : figure(value)}`;
}

const SEVERITY_LABEL = { high: 'High', medium: 'Medium', low: 'Low' } as const;

function warningItem(warning: ReportWarning): Html {
  const where = [warning.sheet, warning.columns.join(', ')].filter(Boolean).join(' · ');
  const figures = Object.entries(warning.figures).map(([key, value]) => figureText(key, value));
  return html`<li class="warning ${warning.severity}">
    <span class="severity">${SEVERITY_LABEL[warning.severity]}</span>
    <div>
      <p class="advice">${warning.advice}</p>
      ${where || figures.length > 0 ? html`<p class="meta">${where}${where && figures.length > 0 ? ' · ' : ''}${figures.join(', ')}</p>` : null}
    </div>
  </li>`;
}

function warningsSection(report: PrivacyReport): Html {
  return html`<section aria-labelledby="warnings">
    <h2 id="warnings">Warnings</h2>
    ${
      report.warnings.length === 0
        ? html`<p>No warnings on this run.</p>`
        : html`<ul class="warnings">
            ${report.warnings.map(warningItem)}
          </ul>`
    }
  </section>`;
}

function definitions(entries: ReadonlyArray<readonly [string, string | Html]>): Html {
  return html`<dl class="figures">
    ${entries.map(
      ([term, value]) =>
        html`<div>
          <dt>${term}</dt>
          <dd>${value}</dd>
        </div>`,
    )}
  </dl>`;
}

function riskBlock(sheet: SheetReport, risk: RiskFigures, titled: boolean): Html {
  const heading = titled ? html`<h3>${sheet.name}</h3>` : null;
  if (risk.quasiIdentifiers.length === 0 || risk.rows === 0) {
    return html`${heading}
      <p>No kept columns: nothing left in the file to single a person out by.</p>`;
  }
  const contributions = risk.contributions.slice(0, 5);
  return html`${heading}
    ${definitions([
      ['Kept columns examined', risk.quasiIdentifiers.join(', ')],
      ['Rows', count(risk.rows)],
      ['Unique rows', `${count(risk.uniqueRows)} (${percent(risk.uniqueShare)})`],
      ['Smallest class (k)', count(risk.k)],
    ])}
    <div class="pair">
      ${barChart({
        title: `Rows by equivalence-class size in ${sheet.name}`,
        groupLabels: risk.classSizes.map((bucket) => `class size ${bucket.label}`),
        axis: { kind: 'groups', labels: risk.classSizes.map((bucket) => bucket.label) },
        series: [
          { name: 'Rows', className: 'single', values: risk.classSizes.map((each) => each.rows) },
        ],
        unit: 'rows',
      })}
      <div class="scroll">
        ${htmlTable({
          caption: 'Columns that single people out most',
          headers: ['Column', 'Unique share alone', 'Drop when left out'],
          rows: contributions.map((entry) => [
            entry.column,
            percent(entry.uniqueShareAlone),
            percent(entry.dropWhenLeftOut),
          ]),
        })}
      </div>
    </div>`;
}

function riskSection(report: PrivacyReport): Html {
  const titled = report.sheets.length > 1;
  return html`<section aria-labelledby="risk">
    <h2 id="risk">Re-identification risk</h2>
    <p class="note">
      Over the kept columns of each sheet (quasi-identifiers): replaced and blank columns do not
      count.
    </p>
    ${report.sheets.map((sheet) => riskBlock(sheet, sheet.risk, titled))}
  </section>`;
}

function leaksSection(report: PrivacyReport): Html | null {
  if (report.leaks.length === 0) return null;
  return html`<section aria-labelledby="leaks">
    <h2 id="leaks">Originals found elsewhere</h2>
    <div class="scroll">
      ${htmlTable({
        headers: ['Replaced column', 'Found in', 'Cells'],
        namedRows: false,
        rows: report.leaks.map((leak) => [
          `${leak.sourceSheet} › ${leak.sourceColumn}`,
          `${leak.foundSheet} › ${leak.foundColumn}`,
          count(leak.cells),
        ]),
      })}
    </div>
  </section>`;
}

function utilitySection(report: PrivacyReport): Html {
  const { utility } = report;
  const keptCount = utility.schemaKept.filter((each) => each.kept).length;
  const rows: TableRow[] = [
    ...utility.numericDistance.map((each): TableRow => [
      `${each.sheet} › ${each.column}`,
      'Distribution distance (KS)',
      figure(each.ksStatistic),
    ]),
    ...utility.frequencyPreservation.map((each): TableRow => [
      `${each.sheet} › ${each.column}`,
      'Frequencies preserved',
      percent(each.preservation),
    ]),
  ];
  return html`<section aria-labelledby="utility">
    <h2 id="utility">Utility</h2>
    ${definitions([
      [
        'Type and format kept',
        utility.schemaKept.length === 0
          ? 'No replaced column'
          : `${percent(utility.schemaKeptShare)} of replaced columns (${count(keptCount)} of ${count(utility.schemaKept.length)})`,
      ],
    ])}
    ${
      rows.length > 0
        ? html`<div class="scroll">
              ${htmlTable({ headers: ['Column', 'Figure', 'Value'], rows, namedRows: false })}
            </div>
            <p class="note">
              Distance: 0 = the same distribution, 1 = disjoint. Frequencies preserved: 100% = the
              same frequency profile.
            </p>`
        : null
    }
  </section>`;
}

const SUMMARY_ROWS = [
  ['min', 'Minimum'],
  ['p10', '10th percentile'],
  ['p50', 'Median'],
  ['p90', '90th percentile'],
  ['max', 'Maximum'],
  ['mean', 'Mean'],
] as const;

function summaryTable(figures: NumberFigures, show: (value: number) => string): Html {
  const cell = (summary: NumberFigures['before'], key: (typeof SUMMARY_ROWS)[number][0]) =>
    summary ? show(summary[key]) : '—';
  return html`<div class="scroll">
    ${htmlTable({
      className: 'summary',
      headers: ['Figure', 'Before', 'After'],
      rows: SUMMARY_ROWS.map(([key, label]) => [
        label,
        cell(figures.before, key),
        cell(figures.after, key),
      ]),
    })}
  </div>`;
}

function histogram(
  column: ColumnReport,
  figures: NumberFigures,
  show: (value: number) => string,
): Html | null {
  const { histogram: pair } = figures;
  if (!pair) return null;
  const bins = pair.before.length;
  // Bins are named by number: an edge's value could be any row's.
  return barChart({
    title: `Histogram of ${column.name}, before and after, ${bins} equal bins from ${show(pair.min)} to ${show(pair.max)}`,
    groupLabels: pair.before.map((_, index) => `bin ${index + 1}`),
    axis: { kind: 'ends', start: show(pair.min), end: show(pair.max) },
    series: [
      { name: 'Before', className: 'before', values: pair.before },
      { name: 'After', className: 'after', values: pair.after },
    ],
    unit: 'values',
  });
}

function distance(figures: NumberFigures): string {
  return figures.ksStatistic === null ? '—' : figure(figures.ksStatistic);
}

function numberBlock(column: ColumnReport, figures: NumberFigures): Html {
  return html`<div class="block">
    <h5>Numbers</h5>
    <div class="pair">${summaryTable(figures, figure)}${histogram(column, figures, figure)}</div>
    <p class="note">
      Distribution distance (KS): ${distance(figures)}, on ${plural(figures.sampleRows, 'row')}.
    </p>
  </div>`;
}

function dateBlock(column: ColumnReport, figures: DateFigures): Html {
  const range = (value: DateFigures['rangeBefore']) =>
    value ? `${value.min} – ${value.max}` : '—';
  return html`<div class="block">
    <h5>Dates</h5>
    ${definitions([
      ['Range before', range(figures.rangeBefore)],
      ['Range after', range(figures.rangeAfter)],
      ['Distribution distance (KS)', distance(figures)],
    ])}
    <div class="pair">
      ${summaryTable(figures, dateFigure)}${histogram(column, figures, dateFigure)}
    </div>
    ${
      figures.order.length > 0
        ? html`<ul class="plain">
            ${figures.order.map(
              (order) =>
                html`<li>
                  Order with ${order.otherColumn} kept in ${percent(order.keptShare)} of
                  ${plural(order.rows, 'row')}
                </li>`,
            )}
          </ul>`
        : null
    }
  </div>`;
}

function frequencyBlock(column: ColumnReport): Html | null {
  const figures = column.frequencies;
  if (!figures) return null;
  const ranks = Math.max(figures.before.length, figures.after.length);
  if (ranks === 0) return null;
  const shown = Array.from({ length: ranks }, (_, index) => String(index + 1));
  return html`<div class="block">
    <h5>Ten most frequent values (counts only)</h5>
    ${barChart({
      title: `Counts of the ten most frequent values of ${column.name} by rank, before and after`,
      groupLabels: shown.map((rank) => `rank ${rank}`),
      axis: { kind: 'groups', labels: shown },
      series: [
        { name: 'Before', className: 'before', values: figures.before },
        { name: 'After', className: 'after', values: figures.after },
      ],
      unit: 'rows',
    })}
    <p class="note">Frequencies preserved: ${percent(figures.preservation)}.</p>
  </div>`;
}

function uniqueness(column: ColumnReport): string {
  if (!column.uniqueBefore) return 'Not unique';
  return column.uniqueAfter ? 'Unique before and after' : 'Unique before, repeats after';
}

function leaksOf(report: PrivacyReport, sheet: SheetReport, column: ColumnReport): string {
  const from = report.leaks.filter(
    (leak) => leak.sourceSheet === sheet.name && leak.sourceColumn === column.name,
  );
  const into = report.leaks.filter(
    (leak) => leak.foundSheet === sheet.name && leak.foundColumn === column.name,
  );
  const parts = [
    ...from.map(
      (leak) => `found in ${leak.foundSheet} › ${leak.foundColumn}: ${plural(leak.cells, 'cell')}`,
    ),
    ...into.map(
      (leak) =>
        `mentions originals of ${leak.sourceSheet} › ${leak.sourceColumn}: ${plural(leak.cells, 'cell')}`,
    ),
  ];
  if (parts.length > 0) return parts.join('; ');
  return column.replaced ? 'None found' : 'None';
}

function columnCard(report: PrivacyReport, sheet: SheetReport, column: ColumnReport): Html {
  const survivors = column.survivors
    ? `${plural(column.survivors.sameCell, 'cell')} in place; ${plural(column.survivors.sharedValues, 'original')} anywhere in the column`
    : 'Kept or blanked: not replaced';
  return html`<article class="card">
    <h4>${column.name}</h4>
    ${definitions([
      ['Type', column.semantic ? `${column.type} (${column.semantic})` : column.type],
      ['Rule', column.rule],
      ['Generator', column.generator ?? '—'],
      [
        'Distinct before → after',
        `${count(column.distinctBefore)} → ${count(column.distinctAfter)}`,
      ],
      ['Filled before → after', `${count(column.nonEmptyBefore)} → ${count(column.nonEmptyAfter)}`],
      ['Survivors', survivors],
      ['Leaks elsewhere', leaksOf(report, sheet, column)],
      ['Uniqueness', uniqueness(column)],
    ])}
    ${column.dates ? dateBlock(column, column.dates) : column.numbers ? numberBlock(column, column.numbers) : null}
    ${frequencyBlock(column)}
  </article>`;
}

function sheetSection(report: PrivacyReport, sheet: SheetReport, index: number): Html {
  return html`<section class="sheet" aria-labelledby="sheet-${index}">
    <h2 id="sheet-${index}">
      Sheet ${sheet.name}
      <span class="muted"
        >· ${plural(sheet.rows, 'row')}, ${plural(sheet.columns.length, 'column')}</span
      >
    </h2>
    <div class="cards">${sheet.columns.map((column) => columnCard(report, sheet, column))}</div>
  </section>`;
}

/** What a streaming run's figures are: whose are estimated, whose leaks searched per part. */
function streamingNote(streaming: NonNullable<PrivacyReport['streaming']>): Html {
  const names = (columns: readonly string[]) => columns.map((name) => `"${name}"`).join(', ');
  return html`<p>
    A streaming run of the command line: the figures cover every row, read in
    ${count(streaming.parts)} parts. Distinct values are counted exactly up to
    ${count(streaming.exactValues)} per column, then on a sample of them chosen by hash.
    ${
      streaming.estimatedColumns.length > 0
        ? html`Estimated from that sample: the distinct counts, uniqueness, frequencies and shared
          values of ${names(streaming.estimatedColumns)}.`
        : null
    }
    ${streaming.estimatedRisk ? html`The risk is estimated on a sample of its classes.` : null}
    ${
      streaming.leakSourcesByPart.length > 0
        ? html`The originals of ${names(streaming.leakSourcesByPart)} are looked for within their
          own part only.`
        : null
    }
  </p>`;
}

function methodNote(report: PrivacyReport): Html {
  const { method, streaming } = report;
  return html`<footer>
    <p>
      Figures only: this page holds no cell value of the file. Distinct counts, survivors,
      uniqueness, frequencies, leaks and risk are exact${streaming ? ' unless said below' : ''};
      number and date figures read an even spread of at most ${count(method.distributionSampleRows)}
      rows per column. Leaks: originals of replaced text, email, phone and whole-number columns of
      at least ${method.leakMinimumLength} characters (numbers: ${method.leakMinimumDigits} digits)
      are looked for in every column written as read, whole and inside text (runs of up to
      ${method.leakWindowTokens} words).
    </p>
    ${streaming ? streamingNote(streaming) : null}
  </footer>`;
}

/**
 * The report as a printable page, to attach to a ticket or a data-protection record.
 * @example renderReportHtml({ report, fileName: 'people.csv', ranAt: Date.now() })
 */
export function renderReportHtml({ report, fileName, ranAt }: ReportPage): string {
  const page = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <title>Privacy &amp; utility report · ${fileName}</title>
        ${REPORT_STYLE}
      </head>
      <body>
        <main>
          <header>
            <h1>Privacy &amp; utility report</h1>
            <p class="muted">${fileName} · run of ${runTime(ranAt)} · made by Stand-in</p>
            <p class="summary-line">${reportSummaryParts(report).join(' · ')}</p>
          </header>
          ${warningsSection(report)} ${riskSection(report)} ${leaksSection(report)}
          ${utilitySection(report)}
          ${report.sheets.map((sheet, index) => sheetSection(report, sheet, index))}
          ${methodNote(report)}
        </main>
      </body>
    </html> `;
  return page.markup;
}
