import type { RequestHandler } from 'express';

/**
 * One line per request on stderr: method, path, status, duration. Never the query string (it
 * may carry a secret or a format choice tied to a person) and never a body.
 */
export const requestLog: RequestHandler = (req, res, next) => {
  const started = performance.now();
  res.on('finish', () => {
    const ms = Math.round(performance.now() - started);
    console.warn(`${req.method} ${req.originalUrl.split('?')[0]} ${res.statusCode} ${ms}ms`);
  });
  next();
};
