import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TRPCError } from '@trpc/server';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import helmet from 'helmet';
import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import { apiRateLimit, NO_RATE_LIMITS, uploadRateLimit, type AbuseLimits } from './abuse-limits';
import {
  errorResponse,
  expressErrorHandler,
  logInternalError,
  RetryLaterError,
  toTRPCError,
} from './api-errors';
import { DEFAULT_CONFIG, type ServerConfig } from './config';
import { DatasetStore, systemClock, type Clock } from './dataset-store';
import { docsRouter } from './docs-page';
import { downloadHandler } from './download';
import { EnginePool } from './engine-pool';
import { createOpenApiDocument } from './openapi-document';
import { reportPageHandler } from './report-page';
import { loggedPath, requestLog } from './request-log';
import { appRouter } from './routers/_app';
import type { Context } from './trpc';
import { uploadHandler } from './upload';

const here = path.dirname(fileURLToPath(import.meta.url));

/** dist/client next to dist/server when built; the built client from the source tree otherwise. */
const DEFAULT_CLIENT_DIR = path.resolve(
  here,
  path.basename(path.dirname(here)) === 'dist' ? '../client' : '../../dist/client',
);

/**
 * Vite names the page's scripts and styles after their content (assets/index-<hash>.js): a
 * file of that name never changes, so browsers and proxies may keep it for a year unasked.
 * Other files (the page itself, theme-init.mjs) are checked with the server on every load.
 */
const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
const REVALIDATED_CACHE = 'no-cache';

/** The page's routes; any other path is the not-found page, answered 404. */
const PAGE_ROUTES = new Set(['/', '/index.html']);

/** JSON bodies of REST calls (schema updates with many columns stay well under this). */
const MAX_JSON_BODY_BYTES = 2 * 1024 * 1024;

export interface AppOptions {
  store: DatasetStore;
  pool: EnginePool;
  maxUploadBytes?: number;
  clientDir?: string;
  logRequests?: boolean;
  /** Rate limits and the upload deadline; main.ts passes them from the environment. */
  abuseLimits?: AbuseLimits;
}

/** Retry-After for a 503 or 429, in tRPC's and the REST adapter's response hooks. */
function retryAfter({ errors }: { errors: readonly unknown[] }) {
  const busy = errors.map(toTRPCError).find((error) => error instanceof RetryLaterError);
  return busy ? { headers: { 'Retry-After': String(busy.retryAfterSeconds) } } : {};
}

/**
 * REST calls without a body (POST …/pseudonymize, …/reanalyze) are read as `{}`, so `curl -X POST`
 * works without a JSON content type.
 */
const emptyBodyAsJson: RequestHandler = (req, _res, next) => {
  const hasBody =
    req.headers['transfer-encoding'] !== undefined ||
    Number(req.headers['content-length'] ?? 0) > 0;
  if (!hasBody && !req.headers['content-type'] && req.method !== 'GET') {
    req.headers['content-type'] = 'application/json';
    req.body = {};
  }
  next();
};

/**
 * trpc-to-openapi writes a failed call's answer itself, in its own shape (`code`, `data`, and a
 * bare "Input validation failed"). When a call has failed, its answer is replaced as it is written
 * by the shared error response, so REST errors read exactly like upload and download errors:
 * `{ message, issues? }` with the specific message, and 500s logged by class name only.
 */
function answerInOneErrorShape(
  req: Request,
  res: Response,
  failures: WeakMap<IncomingMessage, unknown>,
): void {
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.end = ((...args: unknown[]) => {
    if (!failures.has(req)) return end(...args);
    const { status, headers, body, trpcError } = errorResponse(failures.get(req));
    logInternalError(`${req.method} ${loggedPath(req.path)}`, trpcError);
    res.status(status).set(headers);
    return end(JSON.stringify(body));
  }) as Response['end'];
}

/** The whole HTTP surface: client, tRPC, REST, upload, downloads, docs, one error path. */
export function createApp(options: AppOptions): Express {
  const { store, pool } = options;
  const clientDir = options.clientDir ?? DEFAULT_CLIENT_DIR;
  // The client's address (behind trusted proxies, the forwarded one) for its share of the jobs.
  const createContext = ({ req }: { req: IncomingMessage }): Context => ({
    store,
    pool,
    client: (req as Request).ip ?? 'unknown',
  });
  const openApiDocument = createOpenApiDocument();

  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          // Chakra UI (emotion) and Swagger UI set inline styles.
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:'],
          'connect-src': ["'self'"],
          // `npm start` serves plain http (often on a LAN address); upgrading would break it.
          'upgrade-insecure-requests': null,
        },
      },
    }),
  );
  if (options.logRequests !== false) app.use(requestLog);
  // Answers under /api carry cell values (previews, samples, results) or ids; no cache, shared or
  // private, may keep any of them.
  app.use('/api', (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  const abuseLimits = options.abuseLimits ?? NO_RATE_LIMITS;
  app.set('trust proxy', abuseLimits.trustedProxies);
  app.use('/api', apiRateLimit(abuseLimits));

  app.use(
    '/api/trpc',
    createExpressMiddleware({
      router: appRouter,
      createContext,
      maxBodySize: MAX_JSON_BODY_BYTES,
      // One request, one call: a batch would count as one request against the rate limit while
      // queueing many jobs. The page's client uses httpLink.
      allowBatching: false,
      responseMeta: retryAfter,
      onError: ({ error, path: procedure }) =>
        logInternalError(`trpc ${procedure ?? ''}`, toTRPCError(error)),
    }),
  );
  app.post(
    '/api/upload',
    uploadRateLimit(abuseLimits),
    uploadHandler({
      store,
      pool,
      maxUploadBytes: options.maxUploadBytes ?? DEFAULT_CONFIG.maxUploadBytes,
      receiveDeadlineMs: abuseLimits.uploadDeadlineMs,
    }),
  );
  app.get('/api/datasets/:id/download', downloadHandler('pseudonymized', { store, pool }));
  app.get('/api/datasets/:id/download-mapping', downloadHandler('mapping', { store, pool }));
  // ?format=html only; the JSON report is the getReport procedure's REST path, further down.
  app.get('/api/datasets/:id/report', reportPageHandler({ store }));
  app.get('/api/openapi.json', (_req, res) => {
    res.json(openApiDocument);
  });
  app.use(docsRouter());

  // A REST call's failure, kept by the adapter's onError hook for answerInOneErrorShape.
  const restFailures = new WeakMap<IncomingMessage, unknown>();
  const rest = createOpenApiNodeHttpHandler({
    router: appRouter,
    createContext,
    maxBodySize: MAX_JSON_BODY_BYTES,
    responseMeta: retryAfter,
    onError: ({ error, req }) => restFailures.set(req, error),
  });
  app.use('/api', emptyBodyAsJson, express.json({ limit: MAX_JSON_BODY_BYTES }));
  // The REST paths are declared with their /api prefix; anything else passes on.
  app.use((req, res, next) => {
    if (!req.path.startsWith('/api/')) {
      next();
      return;
    }
    answerInOneErrorShape(req, res, restFailures);
    void rest(req, res, next);
  });
  app.use('/api', () => {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'No such API endpoint' });
  });

  // The Brotli or gzip copy the build wrote beside each file, as the browser accepts.
  app.use(
    expressStaticGzip(clientDir, {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: {
        index: false,
        setHeaders: (res, filePath) => {
          const hashed = path.dirname(filePath) === path.join(clientDir, 'assets');
          res.setHeader('Cache-Control', hashed ? HASHED_ASSET_CACHE : REVALIDATED_CACHE);
        },
      },
    }),
  );
  // The page answers every other path too: the client shows its not-found page there, with 404.
  app.get('/{*path}', (req, res, next) => {
    const page = path.join(clientDir, 'index.html');
    if (!existsSync(page)) {
      next();
      return;
    }
    res
      .status(PAGE_ROUTES.has(req.path) ? 200 : 404)
      .set('Cache-Control', REVALIDATED_CACHE)
      .sendFile(page);
  });
  app.use(expressErrorHandler);
  return app;
}

export interface StartOptions extends Partial<ServerConfig> {
  clock?: Clock;
  clientDir?: string;
  logRequests?: boolean;
  abuseLimits?: AbuseLimits;
}

export interface RunningServer {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  store: DatasetStore;
  pool: EnginePool;
  server: Server;
  close(): Promise<void>;
}

/** Starts the server: store, worker pool and HTTP listener (port 0 picks a free port). */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const config: ServerConfig = { ...DEFAULT_CONFIG, ...stripUndefined(options) };
  const store = new DatasetStore({
    ttlMs: config.datasetTtlMs,
    budgetBytes: config.memoryBudgetBytes,
    clock: options.clock ?? systemClock,
  });
  const pool = new EnginePool({
    threads: config.workerThreads,
    maxQueuedJobs: config.maxQueuedJobs,
    deadlineMs: config.jobDeadlineMs,
    heapMb: config.workerHeapMb,
    heavyHeapMb: config.heavyWorkerHeapMb,
    jobsPerClient: (options.abuseLimits ?? NO_RATE_LIMITS).jobsPerClient,
  });
  const app = createApp({
    store,
    pool,
    maxUploadBytes: config.maxUploadBytes,
    clientDir: options.clientDir,
    logRequests: options.logRequests,
    abuseLimits: options.abuseLimits,
  });
  const server = createServer(app);
  const sweeper = setInterval(() => store.sweep(), 60_000);
  sweeper.unref();
  await new Promise<void>((resolve) => server.listen(config.port, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    store,
    pool,
    server,
    close: async () => {
      clearInterval(sweeper);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      store.clear();
      await pool.close();
    },
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, each]) => each !== undefined),
  ) as Partial<T>;
}
