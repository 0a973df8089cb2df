import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONFIG,
  MIB,
  memoryPlanWarning,
  plannedMemoryBytes,
} from '../../src/server/config';
import { parseEnv, serverConfigFrom } from '../../src/server/env';

/** What main.ts does: parse the environment once, then derive the configuration. */
const configFromEnvironment = (source: NodeJS.ProcessEnv) => serverConfigFrom(parseEnv(source));

describe('the server configuration from the environment', () => {
  it('uses the defaults when nothing is set', () => {
    expect(configFromEnvironment({})).toEqual(DEFAULT_CONFIG);
    expect(DEFAULT_CONFIG).toMatchObject({
      port: 3000,
      datasetTtlMs: 30 * 60_000,
      maxUploadBytes: 52_428_800,
    });
  });

  it('reads every variable', () => {
    const config = configFromEnvironment({
      PORT: '0',
      STANDIN_DATASET_TTL_MINUTES: '5',
      STANDIN_MEMORY_BUDGET_MB: '512',
      STANDIN_JOB_DEADLINE_SECONDS: '30',
      STANDIN_WORKER_THREADS: '4',
      STANDIN_MAX_QUEUED_JOBS: '8',
      STANDIN_WORKER_HEAP_MB: '768',
      STANDIN_HEAVY_WORKER_HEAP_MB: '4096',
    });
    expect(config).toEqual({
      port: 0,
      datasetTtlMs: 5 * 60_000,
      memoryBudgetBytes: 512 * MIB,
      maxUploadBytes: 50 * MIB,
      jobDeadlineMs: 30_000,
      workerThreads: 4,
      maxQueuedJobs: 8,
      workerHeapMb: 768,
      heavyWorkerHeapMb: 4096,
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['STANDIN_DATASET_TTL_MINUTES', '0'],
    ['STANDIN_MEMORY_BUDGET_MB', '-1'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    expect(() => configFromEnvironment({ [name]: value })).toThrow(name);
  });

  it('names every malformed variable at once, server settings and abuse limits alike', () => {
    expect(() => parseEnv({ PORT: 'x', STANDIN_TRUSTED_PROXIES: '-1', HOME: '/root' })).toThrow(
      'Invalid environment variable(s): PORT, STANDIN_TRUSTED_PROXIES',
    );
  });
});

describe('memory plan', () => {
  it('counts the budget, every worker heap, the heavy lane and the main thread', () => {
    expect(DEFAULT_CONFIG).toMatchObject({ workerHeapMb: 1024, heavyWorkerHeapMb: 3072 });
    expect(plannedMemoryBytes(DEFAULT_CONFIG)).toBe((2048 + 2 * 1024 + 3072 + 512) * MIB);
    // A heavy lane no larger than the workers is none.
    const noHeavyLane = { ...DEFAULT_CONFIG, workerHeapMb: 3072 };
    expect(plannedMemoryBytes(noHeavyLane)).toBe((2048 + 2 * 3072 + 512) * MIB);
  });

  it('warns when the plan exceeds the memory available, naming the settings', () => {
    expect(memoryPlanWarning(DEFAULT_CONFIG, 16 * 1024 * MIB)).toBeNull();
    const warning = memoryPlanWarning(DEFAULT_CONFIG, 4096 * MIB);
    expect(warning).toMatch(/7680 MB .* 3072 MB heavy lane .* 4096 MB/);
    expect(warning).toMatch(/STANDIN_MEMORY_BUDGET_MB/);
    expect(warning).toMatch(/STANDIN_WORKER_THREADS/);
  });
});
