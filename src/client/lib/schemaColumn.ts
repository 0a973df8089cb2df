import type { ColumnSchema } from '../../engine/browser';
import type { SchemaColumn } from '../trpc';

/** The column as the server stores it: the sample, its kind and the shift plan are output only. */
export function withoutSample(column: SchemaColumn): ColumnSchema {
  const { sample: _sample, sampleKind: _kind, dateShiftPlan: _plan, ...schema } = column;
  return schema;
}
