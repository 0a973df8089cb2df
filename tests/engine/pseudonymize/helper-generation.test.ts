import { describe, expect, it } from 'vitest';
import {
  chooseForRun,
  detectSchema,
  pseudonymize,
  readWorkbook,
  type GenerationHelper,
  type HelperChoice,
  type HelperTask,
  type Workbook,
} from '../../../src/engine';
import { customerExportCsv } from '../../support/customer-export';
import { namespacesToShare } from '../../../src/engine/pseudonymize/helper-generation';
import type { Namespace } from '../../../src/engine/pseudonymize/namespace';

/*
 * A generation helper (PseudonymizeOptions.generationHelper) chooses some namespaces' pseudonyms
 * on another thread. Here its side runs in this thread, on a copy of the task as a thread would
 * receive it: the output must be the same, byte for byte, with it, without it, and when it fails.
 */

/** A customer export of `bytes`: ids, UUIDs, names, emails and dates. */
function customers(bytes: number): Workbook {
  return readWorkbook(new TextEncoder().encode(customerExportCsv(bytes, 3)), 'customers.csv');
}

/** A helper whose thread is this one: it answers with chooseForRun on a structured copy. */
function inThreadHelper(): GenerationHelper & { tasks: number } {
  let task: HelperTask | undefined;
  return {
    tasks: 0,
    start(sent) {
      this.tasks++;
      task = structuredClone(sent);
    },
    finish(): HelperChoice[] {
      return structuredClone(chooseForRun(task!));
    },
  };
}

describe('a generation helper', () => {
  const workbook = customers(6 * 1024 ** 2);
  const schemas = () => workbook.sheets.map((sheet) => [...detectSchema(sheet)]);

  it('changes nothing in the output, and counts the values it chose', () => {
    const alone = pseudonymize(workbook, schemas(), { secret: 'k' });
    const helper = inThreadHelper();
    const helped = pseudonymize(workbook, schemas(), { secret: 'k', generationHelper: helper });
    expect(helper.tasks).toBe(1);
    expect(helped.stats.helperPseudonyms).toBeGreaterThan(20_000);
    expect(alone.stats.helperPseudonyms).toBeUndefined();
    expect(helped.workbook.sheets).toEqual(alone.workbook.sheets);
    expect(helped.stats.fileDependentPseudonyms).toBe(alone.stats.fileDependentPseudonyms);
    expect(helped.mapping.rows).toEqual(alone.mapping.rows);
  });

  it('is not needed: when it fails, the run chooses its share itself', () => {
    const alone = pseudonymize(workbook, schemas(), { secret: 'k' });
    let started = 0;
    const failing: GenerationHelper = {
      start: () => void started++,
      finish: () => null,
    };
    const helped = pseudonymize(workbook, schemas(), { secret: 'k', generationHelper: failing });
    expect(started).toBe(1);
    expect(helped.stats.helperPseudonyms).toBe(0);
    expect(helped.workbook.sheets).toEqual(alone.workbook.sheets);
  });

  it('is not asked for a small file', () => {
    const helper = inThreadHelper();
    const small = customers(20_000);
    pseudonymize(small, [[...detectSchema(small.sheets[0]!)]], {
      secret: 'k',
      generationHelper: helper,
    });
    expect(helper.tasks).toBe(0);
  });
});

describe('namespacesToShare', () => {
  const namespaceOf = (size: number, sensitive = false) =>
    ({
      namespace: { originals: new Array(size), plan: { sensitive } } as unknown as Namespace,
      schema: {} as never,
      overrides: undefined,
    }) as const;

  it('hands over nothing below 100,000 values, or with one namespace', () => {
    expect(namespacesToShare([namespaceOf(40_000), namespaceOf(40_000)], [])).toEqual([]);
    expect(namespacesToShare([namespaceOf(500_000)], [])).toEqual([]);
  });

  it('gives each thread about half the values, the largest namespaces first', () => {
    const sizes = [300_000, 280_000, 250_000, 100_000, 60_000, 10_000];
    const shareable = sizes.map((size) => namespaceOf(size));
    const shared = namespacesToShare(shareable, []);
    const handed = shared.reduce((sum, { namespace }) => sum + namespace.originals.length, 0);
    const total = sizes.reduce((sum, size) => sum + size, 0);
    expect(shared[0]).toBe(shareable[0]);
    expect(handed / total).toBeGreaterThan(0.4);
    expect(handed / total).toBeLessThan(0.65);
  });
});
