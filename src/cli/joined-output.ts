import type { StreamFormat } from './chunk-run';
import type { OutputSink } from './output-file';

const JSON_EMPTY = Buffer.from('[]\n');
const JSON_OPEN = Buffer.from('[\n');
const JSON_BETWEEN = Buffer.from(',\n');
const JSON_CLOSE = Buffer.from('\n]\n');

/**
 * One output made of parts written in order (chunk-run.ts's bodies): a csv or tsv's head once,
 * then each part's rows; a JSON array's objects between one pair of brackets, a comma between
 * parts; JSON Lines as they come. The joined bytes are what one write of all the rows gives.
 */
export class JoinedOutput {
  readonly #sink: OutputSink;
  readonly #format: StreamFormat;
  #objects = false;

  constructor(sink: OutputSink, format: StreamFormat) {
    this.#sink = sink;
    this.#format = format;
  }

  /** Writes the head every part's output would start with (chunk-run.ts's outputHead). */
  async start(head: Uint8Array): Promise<void> {
    if (head.length > 0) await this.#sink.write(head);
  }

  async part(body: Uint8Array): Promise<void> {
    if (body.length === 0) return;
    if (this.#format === 'json') {
      await this.#sink.write(this.#objects ? JSON_BETWEEN : JSON_OPEN);
      this.#objects = true;
    }
    await this.#sink.write(body);
  }

  async end(): Promise<void> {
    if (this.#format === 'json') await this.#sink.write(this.#objects ? JSON_CLOSE : JSON_EMPTY);
    this.#sink.close();
  }
}
