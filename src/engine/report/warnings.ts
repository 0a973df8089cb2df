import type { Semantic } from '../types';
import type { ReportLeak, ReportWarning, RiskFigures, SheetReport } from './report-schema';
import { survivesByDesign } from './summary';

/** Semantics that identify a person by themselves: kept, they defeat the pseudonymization. */
const DIRECT_IDENTIFIERS: ReadonlySet<Semantic> = new Set<Semantic>([
  'email',
  'phone',
  'firstName',
  'middleName',
  'lastName',
  'fullName',
  'creditCard',
  'iban',
  'ssn',
]);
/** Semantics that often point at one person. */
const INDIRECT_IDENTIFIERS: ReadonlySet<Semantic> = new Set<Semantic>([
  'streetAddress',
  'accountNumber',
  'username',
  'ipv4',
  'ipv6',
]);

/** The k and unique share above which the kept columns single people out. */
export const RISK_MINIMUM_K = 5;
export const RISK_MAXIMUM_UNIQUE_SHARE = 0.05;

function pct(share: number): string {
  return `${Math.round(share * 1000) / 10}%`;
}

function keptPii(sheet: SheetReport): ReportWarning[] {
  return sheet.columns.flatMap((column): ReportWarning[] => {
    if (column.rule !== 'keep') return [];
    const direct =
      column.type === 'email' ||
      column.type === 'phone' ||
      (column.semantic !== null && DIRECT_IDENTIFIERS.has(column.semantic));
    const indirect = column.semantic !== null && INDIRECT_IDENTIFIERS.has(column.semantic);
    if (!direct && !indirect) return [];
    return [
      {
        severity: direct ? 'high' : 'medium',
        code: 'kept-pii-column',
        advice: `"${column.name}" looks like ${column.semantic ?? column.type} and is kept: replace or blank it.`,
        sheet: sheet.name,
        columns: [column.name],
        figures: { distinctValues: column.distinctBefore },
      },
    ];
  });
}

function survivorsAndUniqueness(sheet: SheetReport): ReportWarning[] {
  const warnings: ReportWarning[] = [];
  for (const column of sheet.columns) {
    if (column.survivors && column.survivors.sameCell > 0 && !survivesByDesign(column)) {
      warnings.push({
        severity: 'high',
        code: 'originals-survive',
        advice: `"${column.name}" still holds ${column.survivors.sameCell} original values in place: check its rule.`,
        sheet: sheet.name,
        columns: [column.name],
        figures: { cells: column.survivors.sameCell },
      });
    }
    // Measures and dates are no keys: amounts keep their distribution, not their distinctness,
    // and dates move with their row's entity, so two rows may meet on one day.
    const mayKey = !column.measure && column.type !== 'date' && column.type !== 'datetime';
    if (column.replaced && mayKey && column.uniqueBefore && !column.uniqueAfter) {
      warnings.push({
        severity: 'high',
        code: 'pseudonyms-lost-uniqueness',
        advice: `"${column.name}" was unique but its pseudonyms repeat: joins and keys on it break; pick a generator with more values.`,
        sheet: sheet.name,
        columns: [column.name],
        figures: { distinctBefore: column.distinctBefore, distinctAfter: column.distinctAfter },
      });
    }
  }
  return warnings;
}

function riskWarning(sheet: string, risk: RiskFigures): ReportWarning[] {
  if (risk.quasiIdentifiers.length === 0 || risk.rows === 0) return [];
  const tooUnique = risk.uniqueShare > RISK_MAXIMUM_UNIQUE_SHARE;
  if (!tooUnique && risk.k >= RISK_MINIMUM_K) return [];
  const leading = risk.contributions
    .filter((entry) => entry.dropWhenLeftOut > 0)
    .slice(0, 3)
    .map((entry) => entry.column);
  const named = leading.length > 0 ? leading : risk.quasiIdentifiers.slice(0, 3);
  return [
    {
      severity: tooUnique ? 'high' : 'medium',
      code: 're-identification-risk',
      advice: `Keeping ${named.map((name) => `"${name}"`).join(' and ')} makes ${pct(risk.uniqueShare)} of rows unique (k = ${risk.k}): generalize or replace ${named.length > 1 ? 'them' : 'it'}.`,
      sheet,
      columns: named,
      figures: { uniqueShare: risk.uniqueShare, k: risk.k, uniqueRows: risk.uniqueRows },
    },
  ];
}

function leakWarnings(
  sheets: readonly SheetReport[],
  leaks: readonly ReportLeak[],
): ReportWarning[] {
  const warnings: ReportWarning[] = [];
  const byFound = new Map<string, ReportLeak[]>();
  for (const leak of leaks) {
    const key = `${leak.foundSheet}\u0000${leak.foundColumn}`;
    byFound.set(key, [...(byFound.get(key) ?? []), leak]);
  }
  for (const found of byFound.values()) {
    const { foundSheet, foundColumn } = found[0]!;
    const column = sheets
      .find((sheet) => sheet.name === foundSheet)
      ?.columns.find((entry) => entry.name === foundColumn);
    // Leaks into replaced columns are pseudonyms that happen to equal an original: figures only.
    if (!column || column.replaced || column.rule === 'blank') continue;
    const sources = found.map((leak) => leak.sourceColumn);
    warnings.push({
      severity: 'high',
      code: 'kept-text-mentions-replaced',
      advice: `"${foundColumn}" is written as read and mentions values of replaced ${sources.map((name) => `"${name}"`).join(', ')}: replace or blank it.`,
      sheet: foundSheet,
      columns: [foundColumn, ...sources],
      figures: { cells: found.reduce((sum, leak) => sum + leak.cells, 0) },
    });
  }
  return warnings;
}

const ORDER = { high: 0, medium: 1, low: 2 } as const;

/**
 * The report's warnings, most severe first.
 * @example reportWarnings([], [], true)[0]?.code // 'mapping-downloadable'
 */
export function reportWarnings(
  sheets: readonly SheetReport[],
  leaks: readonly ReportLeak[],
  mappingAvailable: boolean,
): ReportWarning[] {
  const warnings = [
    ...sheets.flatMap((sheet) => [
      ...keptPii(sheet),
      ...survivorsAndUniqueness(sheet),
      ...riskWarning(sheet.name, sheet.risk),
    ]),
    ...leakWarnings(sheets, leaks),
  ];
  // Always there when a mapping can be downloaded: it reverses every pseudonym of the run.
  if (mappingAvailable) {
    warnings.push({
      severity: 'low',
      code: 'mapping-downloadable',
      advice: 'The mapping turns pseudonyms back into originals: store it like the original file.',
      sheet: null,
      columns: [],
      figures: {},
    });
  }
  return warnings.sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);
}
