export { buildReport, type ReportInput } from './build-report';
export * from './report-schema';
export { reportSummaryParts, survivesByDesign, survivingCells } from './summary';
export { reportPart, type PartReportInput, type ReportPart } from './report-part';
export { EXACT_VALUES, StreamedReport, type StreamedReportOptions } from './streamed-report';
