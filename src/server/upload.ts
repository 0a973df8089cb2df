import path from 'node:path';
import busboy from 'busboy';
import type { Request, RequestHandler } from 'express';
import { TRPCError } from '@trpc/server';
import { EngineError, FILE_FORMATS, type FileFormat } from '../engine';
import { datasetViewSchema } from './api-schemas';
import type { DatasetStore, Reservation } from './dataset-store';
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
}

/** Room for the multipart framing around the file (boundaries, part headers). */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * POST /api/upload: one multipart field `file`, read by busboy within limits, then read and
 * detected by a worker. 201 with the dataset; errors go to the shared error middleware.
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
      if (declared > maxUploadBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge(maxUploadBytes);
      reservation = store.reserve(
        Number.isFinite(declared) ? Math.min(declared, maxUploadBytes) : maxUploadBytes,
      );
      const file = await receiveFile(req, maxUploadBytes, receiveDeadlineMs);
      reservation.shrinkTo(file.bytes.byteLength);
      const result = await pool.run(
        {
          kind: 'ingest',
          bytes: file.bytes,
          fileName: file.fileName,
        },
        req.ip,
      );
      const dataset = store.add(
        {
          filename: file.fileName,
          format: result.format,
          size: file.bytes.byteLength,
          original: file.bytes,
          sheets: result.sheets,
        },
        reservation,
      );
      res
        .status(201)
        .set('Cache-Control', 'no-store')
        .json(datasetViewSchema.parse(datasetView(store, dataset)));
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
 * Reads the one file of a multipart body into shared memory, enforcing every limit. Settles
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
          files: 1,
          fields: 4,
          parts: 6,
          fieldSize: 1024,
          headerPairs: 20,
        },
      });
    } catch {
      reject(badRequest('Send the file as multipart/form-data with one field named "file"'));
      return;
    }
    let failed = false;
    let received: ReceivedFile | null = null;
    let fileDone: Promise<void> = Promise.resolve();
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

    parser.on('file', (field, stream, info) => {
      if (field !== 'file') {
        stream.resume();
        fail(
          badRequest(`Unexpected file field "${field.slice(0, 50)}"; the field is named "file"`),
        );
        return;
      }
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
      fileDone = new Promise((done) => {
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
    });
    parser.on('filesLimit', () => fail(badRequest('Send one file per upload')));
    parser.on('partsLimit', () => fail(badRequest('Too many parts in the upload form')));
    parser.on('fieldsLimit', () => fail(badRequest('Too many fields in the upload form')));
    parser.on('error', () => fail(badRequest('The upload is not a well-formed multipart body')));
    parser.on('close', () => {
      void fileDone.then(() => {
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
        resolve(received);
      });
    });
    // 'close' before the whole body arrived: the client went away (or the deadline closed it).
    req.on('close', () => {
      if (!req.complete) fail(badRequest('The upload was interrupted'));
    });
    req.pipe(parser);
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
