export { buildReport, type ReportInput } from './build-report';
export * from './report-schema';
export {
  hasTwoValues,
  nameList,
  replacedNothing,
  reportSummaryParts,
  survivesByDesign,
  survivingCells,
} from './summary';
export { reportPart, type ReportPart } from './report-part';
export { replacementFigures, type ReplacementFigures } from './replacement-figures';
export { SampledCounts } from './sampled-counts';
export { StreamedReport } from './streamed-report';
