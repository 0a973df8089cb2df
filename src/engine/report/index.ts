export { buildReport, type ReportInput } from './build-report';
export * from './report-schema';
