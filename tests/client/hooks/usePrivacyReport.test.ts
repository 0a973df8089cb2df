import { describe, expect, it } from 'vitest';
import { reportFailure } from '../../../src/client/hooks/usePrivacyReport';

/*
 * Which answers of the report query the page explains (the run could not compute its report)
 * and which only hide the section (no run now).
 */
describe('reportFailure', () => {
  it('shows the server’s message when the run could not compute its report', () => {
    const message = 'The privacy and utility report could not be computed for this run; …';
    expect(reportFailure({ message, data: { code: 'INTERNAL_SERVER_ERROR' } })).toBe(message);
    expect(reportFailure({ message: '', data: { code: 'INTERNAL_SERVER_ERROR' } })).toMatch(
      /could not be computed/,
    );
  });

  it('says nothing when there is no run to report on, or no answer', () => {
    expect(reportFailure({ message: 'No report yet', data: { code: 'CONFLICT' } })).toBeUndefined();
    expect(reportFailure({ message: 'not found', data: { code: 'NOT_FOUND' } })).toBeUndefined();
    expect(reportFailure({ message: 'Failed to fetch', data: null })).toBeUndefined();
    expect(reportFailure(null)).toBeUndefined();
  });
});
