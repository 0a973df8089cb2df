export { buildReport, type ReportInput } from './build-report';
export * from './report-schema';
export { hasTwoValues, reportSummaryParts, survivesByDesign, survivingCells } from './summary';
export { reportPart, type ReportPart } from './report-part';
export { SampledCounts } from './sampled-counts';
export { StreamedReport } from './streamed-report';
