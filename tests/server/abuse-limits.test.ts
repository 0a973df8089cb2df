import { describe, expect, it } from 'vitest';
import { DEFAULT_ABUSE_LIMITS } from '../../src/server/abuse-limits';
import { abuseLimitsFrom, parseEnv } from '../../src/server/env';

/** What main.ts does: parse the environment once, then derive the limits. */
const abuseLimitsFromEnvironment = (source: NodeJS.ProcessEnv) => abuseLimitsFrom(parseEnv(source));

describe('the abuse limits from the environment', () => {
  it('uses the defaults when nothing is set', () => {
    expect(abuseLimitsFromEnvironment({})).toEqual(DEFAULT_ABUSE_LIMITS);
    expect(DEFAULT_ABUSE_LIMITS).toEqual({
      requestsPerMinute: 600,
      uploadsPerMinute: 30,
      uploadDeadlineMs: 120_000,
      jobsPerClient: 4,
      trustedProxies: 0,
    });
  });

  it('reads every variable, 0 turning a rate limit off', () => {
    expect(
      abuseLimitsFromEnvironment({
        STANDIN_RATE_LIMIT_PER_MINUTE: '0',
        STANDIN_UPLOAD_RATE_LIMIT_PER_MINUTE: '5',
        STANDIN_UPLOAD_DEADLINE_SECONDS: '30',
        STANDIN_JOBS_PER_CLIENT: '0',
        STANDIN_TRUSTED_PROXIES: '1',
      }),
    ).toEqual({
      requestsPerMinute: 0,
      uploadsPerMinute: 5,
      uploadDeadlineMs: 30_000,
      jobsPerClient: 0,
      trustedProxies: 1,
    });
  });

  it.each([
    ['STANDIN_RATE_LIMIT_PER_MINUTE', 'lots'],
    ['STANDIN_UPLOAD_RATE_LIMIT_PER_MINUTE', '-1'],
    ['STANDIN_UPLOAD_DEADLINE_SECONDS', '0'],
    ['STANDIN_JOBS_PER_CLIENT', 'two'],
    ['STANDIN_TRUSTED_PROXIES', '1.5'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    expect(() => abuseLimitsFromEnvironment({ [name]: value })).toThrow(name);
  });
});
