// A brief run of `npm run load` in CI: a few users for a few seconds against the built server.
// Speed is not asserted (the figures are printed); completeness and correctness are.
import { describe, expect, it } from 'vitest';
import { formatLoadReport, runLoad } from '../../../scripts/load';

describe('the load script', () => {
  it('runs concurrent users whose every download is complete and correct', async () => {
    const report = await runLoad({ users: 3, seconds: 8, maxRequests: 400 });
    console.log(`\n--- load figures ---\n${formatLoadReport(report)}\n`);
    expect(report.flows).toBeGreaterThan(0);
    expect(report.verified).toBe(report.flows);
    expect(report.verificationFailures).toBe(0);
    expect(report.statuses['500']).toBeUndefined();
    expect(report.statuses.network).toBeUndefined();
    expect(report.latency.upload?.count).toBeGreaterThan(0);
  }, 120_000);
});
