import { faker } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import {
  chooseForRun,
  detectSchema,
  pseudonymize,
  readWorkbook,
  type GenerationHelper,
  type HelperChoice,
  type HelperTask,
  type SensitiveTables,
  type Workbook,
} from '../../../src/engine';
import { customerExportCsv } from '../../support/customer-export';
import { sharedFlag, sharingOrder } from '../../../src/engine/pseudonymize/helper-generation';
import { KeyIndex } from '../../../src/engine/pseudonymize/key-index';
import type { Namespace } from '../../../src/engine/pseudonymize/namespace';
import {
  SensitiveAmbiguity,
  SensitiveHashes,
  SensitiveOriginals,
} from '../../../src/engine/pseudonymize/sensitive-originals';
import { StringHashSet } from '../../../src/engine/pseudonymize/string-hash-set';

/*
 * A generation helper (PseudonymizeOptions.generationHelper) chooses some namespaces' pseudonyms
 * on another thread, taking them from a queue it shares with the run. Here its side runs in this
 * thread, on a copy of the task as a thread would receive it (the claims' shared memory stays
 * shared): the output must be the same, byte for byte, whichever side takes what, and when it
 * fails.
 */

/** A customer export of `bytes`: ids, UUIDs, names, emails and dates. */
function customers(bytes: number): Workbook {
  return readWorkbook(new TextEncoder().encode(customerExportCsv(bytes, 3)), 'customers.csv');
}

/**
 * A helper whose thread is this one, on a structured copy of the task (the shared memory stays
 * shared). It takes every namespace of the queue at once, before the run is free to, and chooses
 * them (chooseForRun) when the run asks for its choices. `late`, it takes nothing at start (a
 * thread still loading), and the run takes them all.
 */
function inThreadHelper(late = false): GenerationHelper & { tasks: number; waits: number } {
  let task: HelperTask | undefined;
  return {
    tasks: 0,
    waits: 0,
    start(sent) {
      this.tasks++;
      task = structuredClone(sent);
      if (!late) Atomics.store(sent.claims, 0, sent.namespaces.length);
    },
    finish(): HelperChoice[] {
      this.waits++;
      // Its own claims: the queue's were all taken at start.
      return structuredClone(chooseForRun({ ...task!, claims: sharedFlag() }));
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
    expect(helper.waits).toBe(1);
    expect(helped.stats.helperPseudonyms).toBeGreaterThan(20_000);
    expect(alone.stats.helperPseudonyms).toBeUndefined();
    expect(helped.workbook.sheets).toEqual(alone.workbook.sheets);
    expect(helped.stats.fileDependentPseudonyms).toBe(alone.stats.fileDependentPseudonyms);
    expect(helped.mapping.rows).toEqual(alone.mapping.rows);
  });

  it('leaves the run the namespaces it did not take, and is not waited for when it took none', () => {
    const alone = pseudonymize(workbook, schemas(), { secret: 'k' });
    const late = inThreadHelper(true);
    const helped = pseudonymize(workbook, schemas(), { secret: 'k', generationHelper: late });
    expect(late.tasks).toBe(1);
    expect(late.waits).toBe(0);
    expect(helped.stats.helperPseudonyms).toBe(0);
    expect(helped.workbook.sheets).toEqual(alone.workbook.sheets);
    expect(helped.mapping.rows).toEqual(alone.mapping.rows);
  });

  it('is not needed: when it fails after taking a namespace, the run chooses it itself', () => {
    const alone = pseudonymize(workbook, schemas(), { secret: 'k' });
    let queued = 0;
    const failing: GenerationHelper = {
      // Takes the first namespace of the queue, then dies.
      start: (task) => {
        queued = task.namespaces.length;
        Atomics.add(task.claims, 0, 1);
      },
      finish: () => null,
    };
    const helped = pseudonymize(workbook, schemas(), { secret: 'k', generationHelper: failing });
    expect(queued).toBeGreaterThan(0);
    expect(helped.stats.helperPseudonyms).toBe(0);
    expect(helped.workbook.sheets).toEqual(alone.workbook.sheets);
    expect(helped.stats.fileDependentPseudonyms).toBe(alone.stats.fileDependentPseudonyms);
  });

  it('is handed the shapes of the sensitive originals empty, and told once they are filled', () => {
    const helper = inThreadHelper();
    const seen: { ready: number; filled: boolean }[] = [];
    const look = ({ sensitive, sensitiveReady }: HelperTask) =>
      seen.push({
        ready: Atomics.load(sensitiveReady, 0),
        filled: sensitive.namespaces.every(({ shapes }) => shapes.some(Boolean)),
      });
    let started: HelperTask | undefined;
    const watching: GenerationHelper = {
      start(task) {
        look(task);
        started = task;
        helper.start(task);
      },
      finish() {
        look(started!);
        return helper.finish();
      },
    };
    const alone = pseudonymize(workbook, schemas(), { secret: 'k' });
    const helped = pseudonymize(workbook, schemas(), { secret: 'k', generationHelper: watching });
    expect(seen).toEqual([
      { ready: 0, filled: false },
      { ready: 1, filled: true },
    ]);
    expect(helped.workbook.sheets).toEqual(alone.workbook.sheets);
    // Filled, they tell every email of the file, read as the thread reads them (a structured
    // copy, the shared memory still shared).
    const sensitive = new SensitiveHashes(structuredClone(started!.sensitive));
    const emails = new Set(workbook.sheets[0]!.rows.map((row) => row[4]).filter(Boolean));
    expect([...emails][0]).toMatch(/@/);
    for (const email of emails as Set<string>) {
      expect(() => sensitive.has(email, StringHashSet.hash(email))).toThrow(SensitiveAmbiguity);
    }
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

describe('sharingOrder', () => {
  const namespaceOf = (size: number, plan: Record<string, unknown> = {}) =>
    ({
      namespace: { originals: new Array<null>(size), plan: { kind: 'uuid', ...plan } } as Namespace,
      schema: {} as never,
      overrides: undefined,
    }) as const;

  it('shares nothing below 100,000 values, or with one namespace', () => {
    expect(sharingOrder([namespaceOf(40_000), namespaceOf(40_000)])).toBeNull();
    expect(sharingOrder([namespaceOf(500_000)])).toBeNull();
  });

  it('puts the costliest first: an email of names before an identifier of more values', () => {
    const ids = namespaceOf(287_000, { kind: 'number', permute: () => null });
    const emails = namespaceOf(218_000, { kind: 'email' });
    const uuids = namespaceOf(287_000);
    const phones = namespaceOf(278_000, { kind: 'phone' });
    const names = namespaceOf(200, { kind: 'firstName' });
    expect(sharingOrder([names, ids, phones, uuids, emails])).toEqual([
      emails,
      uuids,
      ids,
      phones,
      names,
    ]);
  });
});

/** The file's sensitive originals of `texts`, as the run holds them (one namespace of them). */
function sensitiveOf(texts: readonly string[]): SensitiveOriginals {
  const ids = new KeyIndex(texts.length);
  for (const text of texts) ids.add(text);
  return new SensitiveOriginals([
    { plan: { sensitive: true }, ids, originals: ids.keys } as unknown as Namespace,
  ]);
}

/** The tables a generation thread holds `texts` by, filled as the run fills them. */
function tablesOf(texts: readonly string[]): SensitiveTables {
  const sensitive = sensitiveOf(texts);
  const tables = sensitive.tables();
  sensitive.fillShapes(tables);
  return tables;
}

describe('SensitiveHashes', () => {
  const texts = Array.from({ length: 5000 }, (_, index) => `person${index}@example.com`);
  const hashes = new SensitiveHashes(tablesOf(texts));

  it('cannot clear a sensitive original: it throws for every one', () => {
    for (const text of texts) {
      expect(() => hashes.has(text, StringHashSet.hash(text))).toThrow(SensitiveAmbiguity);
    }
  });

  it('clears the texts that are none', () => {
    for (let index = 0; index < 50_000; index++) {
      const text = `other${index}@example.com`;
      expect(hashes.has(text, StringHashSet.hash(text))).toBe(false);
    }
  });
});

describe('chooseForRun', () => {
  it('leaves the run a namespace one of whose candidates may be a name of the file', () => {
    const sheet = {
      name: 'people',
      columns: ['first_name'],
      rows: ['James', 'Mary', 'John', 'Patricia', 'Robert'].map((name) => [name]),
    };
    const [schema] = detectSchema(sheet);
    expect(schema!.semantic).toBe('firstName');
    const ids = new KeyIndex();
    for (const [name] of sheet.rows) ids.add(name!);
    // A file whose names are every first name Faker draws: the first candidate is one of them.
    const { generic = [], female = [], male = [] } = faker.definitions.person.first_name;
    const task: HelperTask = {
      secret: new TextEncoder().encode('k'),
      scheme: 11,
      sensitive: tablesOf([...generic, ...female, ...male]),
      sensitiveReady: raisedFlag(),
      namespaces: [{ schema: schema!, originals: ids.keys, ids: ids.table() }],
      claims: sharedFlag(),
    };
    expect(chooseForRun(task)).toEqual([]);
    const clear: HelperTask = {
      ...task,
      sensitive: tablesOf(['Nobody']),
      claims: sharedFlag(),
    };
    expect(chooseForRun(clear).map((choice) => choice.index)).toEqual([0]);
  });
});

function raisedFlag(): Int32Array {
  const flag = sharedFlag();
  Atomics.store(flag, 0, 1);
  return flag;
}
