/**
 * Partitions (issue 19): a file split by rows, each part run with the same key and recipe, the
 * outputs concatenated without their repeated headers, gives the whole run's output, as long as
 * no value's pseudonym depended on the file (the summary's fileDependentPseudonyms is 0).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useCli } from './cli-process';

const cli = useCli();

/**
 * Identifiers, codes, UUIDs, phones, emails, amounts, dates and flags: kinds whose pseudonyms
 * depend on the key and the value only. A few distinct emails, so no finite-list retry is needed.
 */
function customers(rows: number): string {
  const lines = ['customer_id,account_code,uuid,email,phone,signup_date,last_order,amount,active'];
  for (let index = 0; index < rows; index++) {
    const hex = (index * 2654435761).toString(16).padStart(12, '0').slice(-12);
    lines.push(
      [
        10_000 + index * 7,
        `AC-${String(31_000 + index * 13).padStart(6, '0')}`,
        `6f1c2a3b-4d5e-4f60-8a7b-${hex}`,
        `client${index % 9}@mailbox.example.net`,
        `+1 555-${String(1000 + ((index * 7919) % 9000)).padStart(4, '0')}`,
        `2023-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 28) + 1).padStart(2, '0')}`,
        `2024-${String(((index * 5) % 12) + 1).padStart(2, '0')}-${String(((index * 3) % 28) + 1).padStart(2, '0')}`,
        (index * 37.25 + 10).toFixed(2),
        index % 3 === 0 ? 'true' : 'false',
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

interface Summary {
  rows: number;
  fileDependentPseudonyms: number;
}

async function run(file: string, out: string): Promise<Summary> {
  const result = await runCli(
    ['run', file, '--recipe', 'recipe.json', '--key-file', 'key', '-o', out, '--json', '--quiet'],
    { cwd: cli.dir() },
  );
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout.toString()) as Summary;
}

describe('partitioned runs', () => {
  it('concatenate to the whole run’s output', async () => {
    const dir = cli.dir();
    const text = customers(150);
    writeFileSync(path.join(dir, 'customers.csv'), text);
    writeFileSync(path.join(dir, 'key'), 'partition key\n');
    // The recipe of the whole file, so every part gets the same rules.
    const detected = await runCli(['detect', 'customers.csv', '-o', 'recipe.json'], { cwd: dir });
    expect(detected.code, detected.stderr).toBe(0);

    const whole = await run('customers.csv', 'whole.out.csv');
    expect(whole.rows).toBe(150);
    expect(whole.fileDependentPseudonyms).toBe(0);

    // As `split -l 50` and a shell loop would: each part gets the header.
    const [header, ...rows] = text.trimEnd().split('\n');
    const outputs: string[] = [];
    for (let part = 0; part * 50 < rows.length; part++) {
      const name = `part-${part}.csv`;
      writeFileSync(
        path.join(dir, name),
        `${[header, ...rows.slice(part * 50, part * 50 + 50)].join('\n')}\n`,
      );
      const summary = await run(name, `part-${part}.out.csv`);
      expect(summary.rows).toBe(50);
      expect(summary.fileDependentPseudonyms).toBe(0);
      outputs.push(readFileSync(path.join(dir, `part-${part}.out.csv`), 'utf8'));
    }
    expect(outputs).toHaveLength(3);
    const joined = outputs
      .map((output, index) => (index === 0 ? output : output.slice(output.indexOf('\n') + 1)))
      .join('');
    expect(joined).toBe(readFileSync(path.join(dir, 'whole.out.csv'), 'utf8'));
  });
});
