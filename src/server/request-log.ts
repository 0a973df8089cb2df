import type { RequestHandler } from 'express';

/**
 * A request's path as logs show it: a dataset's id, the only key to its data, is replaced by
 * `:id`, so a log reader cannot fetch anyone's dataset.
 * @example loggedPath('/api/datasets/5f0c…/download') // '/api/datasets/:id/download'
 */
export function loggedPath(path: string): string {
  return path.replace(/^\/api\/datasets\/[^/?]+/, '/api/datasets/:id');
}

/**
 * One line per request on stderr: method, path (with `:id` for a dataset's id), status,
 * duration. Never the query string (it may carry a secret or a format choice tied to a person),
 * never a body.
 */
export const requestLog: RequestHandler = (req, res, next) => {
  const started = performance.now();
  res.on('finish', () => {
    const ms = Math.round(performance.now() - started);
    console.warn(
      `${req.method} ${loggedPath(req.originalUrl.split('?')[0] ?? '')} ${res.statusCode} ${ms}ms`,
    );
  });
  next();
};
