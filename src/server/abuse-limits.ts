/**
 * Limits against abuse of a public, login-free server: a per-client request rate on /api, a
 * stricter one on uploads, and a deadline for receiving an upload (a slow-drip upload would
 * otherwise hold its memory reservation for as long as the client likes; upload.ts enforces it).
 * The memory budget and the job queue (503 with Retry-After) live in the store and the engine pool.
 */
import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';

export interface AbuseLimits {
  /** Requests per minute one client address may make to /api (0 turns the limit off). */
  requestsPerMinute: number;
  /** Uploads per minute one client address may make (0 turns the limit off). */
  uploadsPerMinute: number;
  /** An upload not fully received after this long is answered 408 and its connection closed. */
  uploadDeadlineMs: number;
  /**
   * Jobs (reading an upload, a run, a converted download) one client address may have running
   * or waiting at once; more get 429 (0 turns the limit off). Keeps one client from filling the
   * whole queue.
   */
  jobsPerClient: number;
  /**
   * Reverse proxies in front of the server whose X-Forwarded-For is trusted (Express's
   * `trust proxy` hop count). 0: the TCP peer is the client. Behind one proxy, set 1, or every
   * client shares the proxy's rate limit.
   */
  trustedProxies: number;
}

export const DEFAULT_ABUSE_LIMITS: AbuseLimits = {
  requestsPerMinute: 600,
  uploadsPerMinute: 30,
  // A 50 MB upload needs about 7 Mbit/s to arrive in a minute; two minutes leave room.
  uploadDeadlineMs: 120_000,
  jobsPerClient: 4,
  trustedProxies: 0,
};

/**
 * In-process servers (tests, embedding) unless they ask: no rate limits and no per-client share
 * of the jobs, the default deadline.
 */
export const NO_RATE_LIMITS: AbuseLimits = {
  ...DEFAULT_ABUSE_LIMITS,
  requestsPerMinute: 0,
  uploadsPerMinute: 0,
  jobsPerClient: 0,
};

const passThrough: RequestHandler = (_req, _res, next) => next();

/** express-rate-limit per client address, answering 429 with JSON `{ message }` and Retry-After. */
function perClientLimit(perMinute: number, what: string): RequestHandler {
  if (perMinute === 0) return passThrough;
  return rateLimit({
    windowMs: 60_000,
    limit: perMinute,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    // The health check stays reachable for monitors whatever a client does.
    skip: (req) => req.originalUrl === '/api/health',
    handler: (_req, res) => {
      res
        .status(429)
        .set('Cache-Control', 'no-store')
        .json({ message: `Too many ${what} from this address; at most ${perMinute} a minute` });
    },
  });
}

/** Per-client limit on every /api request. */
export function apiRateLimit(limits: AbuseLimits): RequestHandler {
  return perClientLimit(limits.requestsPerMinute, 'requests');
}

/** Per-client limit on uploads, the expensive call. */
export function uploadRateLimit(limits: AbuseLimits): RequestHandler {
  return perClientLimit(limits.uploadsPerMinute, 'uploads');
}
