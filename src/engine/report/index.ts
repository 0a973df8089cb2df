export { buildReport, type ReportInput } from './build-report';
export * from './report-schema';
export { reportSummaryParts, smallestK, survivesByDesign, survivingCells } from './summary';
