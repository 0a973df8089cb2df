import { describe, expect, it } from 'vitest';
import {
  detectSchema,
  findSpansForRun,
  pseudonymize,
  readWorkbook,
  type FoundSpans,
  type GenerationHelper,
  type SpanTask,
  type Workbook,
} from '../../../src/engine';
import { customerNotesCsv } from '../../support/customer-notes';

/*
 * A run's helper may find the personal data in its free texts (GenerationHelper.findSpans) while
 * the run applies its row rules; the run reads each found value's pseudonym itself. Here the
 * helper's side (findSpansForRun) runs in this thread, on a structured copy of the task as a
 * thread would receive it: the output must be the same, byte for byte, with it or without it.
 */

/** customerNotesCsv's customers, read. */
function customersWithNotes(rows: number, fullNames = false): Workbook {
  return readWorkbook(new TextEncoder().encode(customerNotesCsv(rows, fullNames)), 'customers.csv');
}

/**
 * A helper that finds the spans in this thread, on a copy of the task, when the run asks for
 * them; it chooses no pseudonyms (it takes no namespace of the queue). `answer` may change what
 * it answers.
 */
function spanHelper(
  answer: (task: SpanTask) => FoundSpans | null = (task) => findSpansForRun(task),
): GenerationHelper & { tasks: SpanTask[] } {
  let task: SpanTask | undefined;
  return {
    tasks: [],
    start: () => {},
    finish: () => null,
    findSpans(sent) {
      this.tasks.push(sent);
      task = structuredClone(sent);
    },
    spansFound: () => structuredClone(answer(task!)),
  };
}

/** The span task the run hands its helper for `workbook`. */
function taskOf(workbook: Workbook): SpanTask {
  const helper = spanHelper();
  run(workbook, helper);
  return helper.tasks[0]!;
}

const run = (workbook: Workbook, generationHelper?: GenerationHelper) =>
  pseudonymize(workbook, [[...detectSchema(workbook.sheets[0]!)]], {
    secret: 'helper spans',
    ...(generationHelper ? { generationHelper } : {}),
  });

describe('a helper that finds the personal data in free texts', () => {
  const workbook = customersWithNotes(24_000);
  const alone = run(workbook);

  it('changes nothing in the output, and counts the texts it found the spans of', () => {
    const helper = spanHelper();
    const helped = run(workbook, helper);
    expect(helper.tasks).toHaveLength(1);
    expect(helper.tasks[0]!.texts).toHaveLength(24_000);
    expect(helped.stats.helperTexts).toBe(24_000);
    expect(alone.stats.helperTexts).toBeUndefined();
    expect(helped.workbook.sheets).toEqual(alone.workbook.sheets);
    expect(helped.mapping.rows).toEqual(alone.mapping.rows);
    expect(helped.stats.piiInText).toEqual(alone.stats.piiInText);
    // Every kind the notes hold was found, so each path above was taken.
    const { email, phone, name, value } = alone.stats.piiInText!;
    expect(Math.min(email, phone, name, value)).toBeGreaterThan(1000);
  });

  it('is what the run writes: spans it did not find are not replaced', () => {
    const none = spanHelper((task) => ({
      starts: new Int32Array(task.texts.length + 1),
      spans: new Int32Array(0),
      rewritten: task.texts.map(() => null),
    }));
    const helped = run(workbook, none);
    expect(helped.stats.helperTexts).toBe(24_000);
    expect(helped.stats.piiInText).toMatchObject({ email: 0, phone: 0, name: 0, value: 0 });
    expect(helped.workbook.sheets).not.toEqual(alone.workbook.sheets);
  });

  it('writes the first pseudonym of the texts it finds nothing in, which the run takes', () => {
    const found = findSpansForRun(structuredClone(taskOf(workbook)));
    const written = found.rewritten.filter((text) => text !== null);
    // Texts with nothing found; not those with an IP address or JSON, nor those with data.
    expect(written.length).toBeGreaterThan(2_000);
    expect(written.length).toBeLessThan(24_000 / 4);
    const marked = spanHelper((task) => {
      const answer = findSpansForRun(task);
      return { ...answer, rewritten: answer.rewritten.map((text) => text && `<${text}>`) };
    });
    const notes = run(workbook, marked).workbook.sheets[0]!.rows.map((row) => String(row[5]));
    expect(notes.filter((note) => note.startsWith('<')).length).toBe(written.length);
  });

  it('is not needed: when it fails, the run finds the spans itself', () => {
    const failing = spanHelper(() => null);
    const helped = run(workbook, failing);
    expect(failing.tasks).toHaveLength(1);
    expect(helped.stats.helperTexts).toBe(0);
    expect(helped.workbook.sheets).toEqual(alone.workbook.sheets);
  });

  it('is not used where full names lend their words to the texts, which it does not know', () => {
    const withFullNames = customersWithNotes(24_000, true);
    const helper = spanHelper();
    const helped = run(withFullNames, helper);
    expect(helper.tasks).toHaveLength(1);
    expect(helped.stats.helperTexts).toBe(0);
    expect(helped.workbook.sheets).toEqual(run(withFullNames).workbook.sheets);
  });

  it('is not asked below 20,000 texts', () => {
    const helper = spanHelper();
    const helped = run(customersWithNotes(5_000), helper);
    expect(helper.tasks).toHaveLength(0);
    expect(helped.stats.helperTexts).toBe(0);
  });
});
