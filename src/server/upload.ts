import { randomUUID } from 'node:crypto';
import path from 'node:path';
import busboy from 'busboy';
import type { Request, RequestHandler } from 'express';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import {
  EngineError,
  FILE_FORMATS,
  recipeSchema,
  type FileFormat,
  type Recipe,
  type RecipeReport,
} from '../engine';
import { uploadedDatasetSchema } from './api-schemas';
import type { Dataset, DatasetStore, Reservation } from './dataset-store';
import { datasetView } from './dataset-view';
import type { EnginePool } from './engine-pool';

export interface UploadDependencies {
  store: DatasetStore;
  pool: EnginePool;
  maxUploadBytes: number;
  /** An upload not fully received after this long is answered 408 and its connection closed. */
  receiveDeadlineMs: number;
}

interface ReceivedFile {
  fileName: string;
  bytes: SharedArrayBuffer;
  /** The text of the form's `recipe` field, when it has one. */
  recipeText?: string;
}

/** Room for the multipart framing around the file (boundaries, part headers). */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The largest recipe an upload may carry: thousands of columns' choices fit in far less. */
export const MAX_RECIPE_BYTES = 1024 * 1024;

/**
 * POST /api/upload: one multipart field `file` and optionally a `recipe` (JSON text, as a field or
 * a file part), read by busboy within limits; the file is then read and detected by a worker, and
 * the recipe applied to what detection found. 201 with the dataset (and what the recipe did);
 * errors go to the shared error middleware. A recipe that does not validate is refused with 400
 * before the file is read, so no dataset is kept.
 */
export function uploadHandler({
  store,
  pool,
  maxUploadBytes,
  receiveDeadlineMs,
}: UploadDependencies): RequestHandler {
  return async (req, res, next) => {
    let reservation: Reservation | null = null;
    try {
      const declared = Number(req.headers['content-length'] ?? Number.NaN);
      if (declared > maxUploadBytes + MAX_RECIPE_BYTES + MULTIPART_OVERHEAD_BYTES) {
        throw tooLarge(maxUploadBytes);
      }
      reservation = store.reserve(
        Number.isFinite(declared) ? Math.min(declared, maxUploadBytes) : maxUploadBytes,
      );
      const file = await receiveFile(req, maxUploadBytes, receiveDeadlineMs);
      reservation.shrinkTo(file.bytes.byteLength);
      const recipe = file.recipeText === undefined ? undefined : parseRecipe(file.recipeText);
      const readKey = randomUUID();
      const result = await pool.run(
        {
          kind: 'ingest',
          bytes: file.bytes,
          fileName: file.fileName,
          readKey,
        },
        req.ip,
      );
      const dataset = store.add(
        {
          filename: file.fileName,
          format: result.format,
          size: file.bytes.byteLength,
          original: file.bytes,
          readKey,
          sheets: result.sheets,
        },
        reservation,
      );
      const applied = recipe ? withRecipe(store, dataset, recipe) : { dataset };
      res
        .status(201)
        .set('Cache-Control', 'no-store')
        .json(
          uploadedDatasetSchema.parse({
            ...datasetView(store, applied.dataset),
            ...(applied.report ? { recipeReport: applied.report } : {}),
          }),
        );
    } catch (error) {
      reservation?.release();
      req.unpipe();
      if (error instanceof TRPCError && error.code === 'TIMEOUT') {
        // A slow drip is not worth reading to its end: the connection closes after the answer.
        res.set('Connection', 'close');
      } else {
        // Whatever is still arriving is read and dropped, so the client gets to read the answer.
        req.resume();
      }
      next(error);
    }
  };
}

/**
 * A new dataset with its recipe applied. Should that fail, the dataset is discarded: an upload
 * whose recipe was not applied keeps nothing.
 */
function withRecipe(
  store: DatasetStore,
  dataset: Dataset,
  recipe: Recipe,
): { dataset: Dataset; report?: RecipeReport } {
  try {
    return store.applyRecipe(dataset.id, recipe);
  } catch (error) {
    store.delete(dataset.id);
    throw error;
  }
}

/** The form's `recipe` field: its issues' paths start with `recipe`, naming the form's field. */
const recipeFieldSchema = z.object({ recipe: recipeSchema });

/** The recipe of the upload's `recipe` field, or a 400 naming what is wrong where. */
function parseRecipe(text: string): Recipe {
  let json: unknown;
  try {
    // An editor may have saved the file with a byte-order mark, which JSON.parse refuses.
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw badRequest('The recipe is not valid JSON');
  }
  return recipeFieldSchema.parse({ recipe: json }).recipe;
}

function recipeTooLarge(): EngineError {
  return new EngineError(
    'TOO_LARGE',
    `The recipe is larger than the ${MAX_RECIPE_BYTES / (1024 * 1024)} MB limit`,
  );
}

function tooLarge(maxUploadBytes: number): EngineError {
  const mib = Math.round(maxUploadBytes / (1024 * 1024));
  return new EngineError('TOO_LARGE', `The file is larger than the ${mib} MB limit`);
}

function badRequest(message: string): TRPCError {
  return new TRPCError({ code: 'BAD_REQUEST', message });
}

/** The accepted format named by a file's extension, or a 415. */
function formatOfName(fileName: string): FileFormat {
  const extension = path.extname(fileName).slice(1).toLowerCase();
  const format = FILE_FORMATS.find((each) => each === extension);
  if (!format) {
    throw new EngineError(
      'UNSUPPORTED_FORMAT',
      'Only .csv, .tsv, .json, .xlsx and .xls files are accepted',
    );
  }
  return format;
}

/** The name a browser sent, without any directory part a client may have added. */
function baseName(fileName: string): string {
  const name = fileName.split(/[\\/]/).pop() ?? '';
  return name.slice(-255);
}

/**
 * Reads the one file of a multipart body into shared memory, and the recipe beside it when there
 * is one, enforcing every limit. Settles
 * exactly once, whatever happens to the request: received, refused, cut off at the deadline (408)
 * or interrupted by the client; the caller's reservation is released in every case but the first.
 */
function receiveFile(
  req: Request,
  maxUploadBytes: number,
  deadlineMs: number,
): Promise<ReceivedFile> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        // Browsers send the file name as UTF-8; busboy's default would read it as Latin-1.
        defParamCharset: 'utf8',
        limits: {
          fileSize: maxUploadBytes,
          // The file and a recipe sent as a file part (curl -F recipe=@recipe.json).
          files: 2,
          fields: 4,
          parts: 6,
          fieldSize: MAX_RECIPE_BYTES,
          headerPairs: 20,
        },
      });
    } catch {
      reject(badRequest('Send the file as multipart/form-data with one field named "file"'));
      return;
    }
    let failed = false;
    let received: ReceivedFile | null = null;
    let fileSeen = false;
    let recipeText: string | undefined;
    const partsDone: Promise<void>[] = [];
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      clearTimeout(deadline);
      reject(error);
    };
    const seconds = Math.round(deadlineMs / 1000);
    const deadline = setTimeout(() => {
      fail(
        new TRPCError({
          code: 'TIMEOUT',
          message: `The upload did not arrive within ${seconds} seconds`,
        }),
      );
    }, deadlineMs);

    const takeRecipe = (text: string) => {
      if (recipeText !== undefined) fail(badRequest('Send one recipe per upload'));
      recipeText = text;
    };

    parser.on('field', (field, value, info) => {
      if (field !== 'recipe') return;
      if (info.valueTruncated) fail(recipeTooLarge());
      else takeRecipe(value);
    });

    parser.on('file', (field, stream, info) => {
      if (field === 'recipe') {
        partsDone.push(receiveRecipePart(stream, fail, takeRecipe));
        return;
      }
      if (field !== 'file') {
        stream.resume();
        fail(
          badRequest(`Unexpected file field "${field.slice(0, 50)}"; the field is named "file"`),
        );
        return;
      }
      if (fileSeen) {
        stream.resume();
        fail(badRequest('Send one file per upload'));
        return;
      }
      fileSeen = true;
      const fileName = baseName(info.filename ?? '');
      try {
        formatOfName(fileName);
      } catch (error) {
        stream.resume();
        fail(error as Error);
        return;
      }
      const chunks: Buffer[] = [];
      let total = 0;
      const fileDone = new Promise<void>((done) => {
        stream.on('data', (chunk: Buffer) => {
          total += chunk.length;
          if (!failed) chunks.push(chunk);
        });
        stream.on('limit', () => fail(tooLarge(maxUploadBytes)));
        stream.on('error', () => {
          fail(badRequest('The upload is not a well-formed multipart body'));
          done();
        });
        stream.on('end', () => {
          if (!failed) received = { fileName, bytes: toShared(chunks, total) };
          done();
        });
      });
      partsDone.push(fileDone);
    });
    parser.on('filesLimit', () => fail(badRequest('Send one file per upload')));
    parser.on('partsLimit', () => fail(badRequest('Too many parts in the upload form')));
    parser.on('fieldsLimit', () => fail(badRequest('Too many fields in the upload form')));
    parser.on('error', () => fail(badRequest('The upload is not a well-formed multipart body')));
    parser.on('close', () => {
      void Promise.all(partsDone).then(() => {
        if (failed) return;
        if (!received) {
          fail(badRequest('No file: send it in a multipart field named "file"'));
          return;
        }
        if (received.bytes.byteLength === 0) {
          fail(new EngineError('INVALID_FILE', 'The file is empty'));
          return;
        }
        clearTimeout(deadline);
        resolve(recipeText === undefined ? received : { ...received, recipeText });
      });
    });
    // 'close' before the whole body arrived: the client went away (or the deadline closed it).
    req.on('close', () => {
      if (!req.complete) fail(badRequest('The upload was interrupted'));
    });
    req.pipe(parser);
  });
}

/** Reads a recipe sent as a file part as UTF-8 text, refusing one over MAX_RECIPE_BYTES. */
function receiveRecipePart(
  stream: NodeJS.ReadableStream,
  fail: (error: Error) => void,
  take: (text: string) => void,
): Promise<void> {
  return new Promise((done) => {
    const chunks: Buffer[] = [];
    let total = 0;
    stream.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total <= MAX_RECIPE_BYTES) chunks.push(chunk);
    });
    stream.on('error', () => {
      fail(badRequest('The upload is not a well-formed multipart body'));
      done();
    });
    stream.on('end', () => {
      if (total > MAX_RECIPE_BYTES) fail(recipeTooLarge());
      else take(Buffer.concat(chunks).toString('utf8'));
      done();
    });
  });
}

function toShared(chunks: Buffer[], total: number): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer(total);
  const view = new Uint8Array(buffer);
  let offset = 0;
  for (const chunk of chunks) {
    view.set(chunk, offset);
    offset += chunk.length;
  }
  return buffer;
}
