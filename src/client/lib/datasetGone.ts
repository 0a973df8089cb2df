import { HttpError } from './httpError';

/**
 * Whether a call failed because the server no longer has the dataset (it expired, or was
 * removed): tRPC's NOT_FOUND, or a download's 404. The page then returns to step 1 instead of
 * toasting the same error at every action.
 * @example isDatasetGone({ data: { code: 'NOT_FOUND' } }) // true
 */
export function isDatasetGone(error: unknown): boolean {
  if (error instanceof HttpError) return error.status === 404;
  if (typeof error !== 'object' || error === null || !('data' in error)) return false;
  const { data } = error;
  return typeof data === 'object' && data !== null && 'code' in data && data.code === 'NOT_FOUND';
}
