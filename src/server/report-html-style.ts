import { rawHtml } from './html-template';

/*
 * Light by default, dark when the reader's system asks for it, and always light on paper, each
 * sheet on a new page. Colours meet 4.5:1 against their background in both themes.
 */
export const REPORT_STYLE = rawHtml(`<style>
:root { color-scheme: light dark; --bg: #ffffff; --fg: #1a202c; --muted: #4a5568; --line: #cbd5e0;
  --card: #f7fafc; --before: #2b6cb0; --after: #c05621; --single: #2f855a;
  --high: #c53030; --medium: #b7791f; --low: #2b6cb0; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #1a202c; --fg: #f7fafc; --muted: #cbd5e0; --line: #4a5568; --card: #2d3748;
    --before: #63b3ed; --after: #f6ad55; --single: #68d391; --high: #fc8181; --medium: #f6e05e;
    --low: #90cdf4; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg);
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 72rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
h2 { font-size: 1.25rem; margin: 2rem 0 .75rem; border-bottom: 1px solid var(--line); padding-bottom: .25rem; }
h3 { font-size: 1.05rem; margin: 1.25rem 0 .5rem; }
h4 { font-size: 1rem; margin: 0 0 .5rem; overflow-wrap: anywhere; }
h5 { font-size: .9rem; margin: .75rem 0 .25rem; }
.muted, .note, .meta, footer { color: var(--muted); }
.note, .meta { font-size: .875rem; margin: .25rem 0; }
.summary-line { font-size: 1.1rem; font-weight: 600; margin: .75rem 0; }
ul.warnings { list-style: none; padding: 0; margin: 0; }
li.warning { display: flex; gap: .75rem; align-items: flex-start; padding: .5rem 0; border-bottom: 1px solid var(--line); }
li.warning p { margin: 0; }
.severity { flex: none; min-width: 4.5rem; font-weight: 700; font-size: .8rem; text-transform: uppercase; }
.high .severity { color: var(--high); } .medium .severity { color: var(--medium); } .low .severity { color: var(--low); }
dl.figures { display: grid; grid-template-columns: repeat(auto-fill, minmax(8.5rem, 1fr)); gap: .25rem 1rem; margin: .5rem 0; }
dl.figures div { min-width: 0; }
dt { font-size: .8rem; color: var(--muted); }
dd { margin: 0; overflow-wrap: anywhere; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(20rem, 1fr)); gap: 1rem; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: .75rem 1rem; min-width: 0; break-inside: avoid; }
.pair { display: grid; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); gap: .75rem; align-items: start; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; font-size: .875rem; width: 100%; }
caption { text-align: left; font-weight: 600; padding: .25rem 0; }
th, td { text-align: left; padding: .2rem .5rem .2rem 0; border-bottom: 1px solid var(--line); vertical-align: top; }
td { font-variant-numeric: tabular-nums; }
figure.chart { margin: 0; max-width: 30rem; }
figure.chart svg { width: 100%; height: auto; display: block; }
svg text { fill: var(--muted); font-size: 10px; }
svg .axis { stroke: var(--line); }
.bar.before, .swatch.before { fill: var(--before); background: var(--before); }
.bar.after, .swatch.after { fill: var(--after); background: var(--after); }
.bar.single { fill: var(--single); }
.legend { font-size: .8rem; margin: .25rem 0; color: var(--muted); }
.swatch { display: inline-block; width: .75rem; height: .75rem; border-radius: 2px; margin: 0 .25rem 0 0; vertical-align: -1px; }
ul.plain { padding-left: 1.1rem; margin: .25rem 0; font-size: .875rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
footer { font-size: .8rem; margin-top: 2rem; border-top: 1px solid var(--line); padding-top: .5rem; }
@media print {
  :root { --bg: #ffffff; --fg: #000000; --muted: #333333; --line: #999999; --card: #ffffff;
    --before: #1c4f85; --after: #9c4221; --single: #22543d; --high: #9b2c2c; --medium: #744210; --low: #1c4f85; }
  body { font-size: 11pt; }
  main { max-width: none; padding: 0; }
  .sheet { break-before: page; }
  .card, li.warning, figure.chart, tr { break-inside: avoid; }
  .scroll { overflow: visible; }
}
</style>`);
