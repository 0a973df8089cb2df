export { buildReport, type ReportInput } from './build-report';
export * from './report-schema';
export { reportSummaryParts, survivesByDesign, survivingCells } from './summary';
