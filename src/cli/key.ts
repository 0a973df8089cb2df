import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inputError, usageError } from './exit-codes';
import { fileProblem } from './file-problem';

/** The server's bound on a run's `secret`, kept so a key works in both. */
const MAX_KEY_LENGTH = 1000;

/** The run's key: the user's (as the server's `secret`), or a random one for this run only. */
export interface RunKey {
  secret: string | Uint8Array;
  from: 'key-file' | 'key-env' | 'random';
}

/**
 * The key from `--key-file` (the file's text with one trailing line break dropped, as an editor
 * or `echo` leaves it) or `--key-env` (the variable's value); a random key without either, as a
 * dataset on the server has. An empty or overlong key is refused; the key never appears in a
 * message.
 */
export function resolveKey(options: { keyFile?: string; keyEnv?: string }): RunKey {
  const { keyFile, keyEnv } = options;
  if (keyFile !== undefined && keyEnv !== undefined) {
    throw usageError('--key-file and --key-env exclude each other: give one key');
  }
  if (keyFile !== undefined) {
    let text: string;
    try {
      text = readFileSync(keyFile, 'utf8');
    } catch (error) {
      throw inputError(`cannot read the key file ${keyFile}: ${fileProblem(error)}`);
    }
    return {
      secret: checkedKey(text.replace(/\r?\n$/, ''), `the key file ${keyFile}`),
      from: 'key-file',
    };
  }
  if (keyEnv !== undefined) {
    const value = process.env[keyEnv];
    if (value === undefined) throw inputError(`the environment variable ${keyEnv} is not set`);
    return { secret: checkedKey(value, `the environment variable ${keyEnv}`), from: 'key-env' };
  }
  return { secret: new Uint8Array(randomBytes(32)), from: 'random' };
}

function checkedKey(key: string, where: string): string {
  if (key === '') throw inputError(`${where} is empty: a key needs at least one character`);
  if (key.length > MAX_KEY_LENGTH) {
    throw inputError(
      `${where} holds more than ${MAX_KEY_LENGTH} characters, the most a key may have`,
    );
  }
  return key;
}
