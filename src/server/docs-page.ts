/**
 * The interactive API docs at /api/docs: Swagger UI from the swagger-ui-dist package, served from
 * node_modules (no CDN), with no inline script so the Content-Security-Policy stays strict.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import express, { type Router } from 'express';

const swaggerUiDir = path.dirname(
  createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
);

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Stand-in API</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>
`;

// validatorUrl: null, so no layout ever sends the document's address to validator.swagger.io.
const START =
  "window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', " +
  'validatorUrl: null });\n';

export function docsRouter(): Router {
  const docs = express.Router();
  docs.get('/api/docs', (_req, res) => {
    res.type('html').send(PAGE);
  });
  docs.get('/api/docs/start.js', (_req, res) => {
    res.type('js').send(START);
  });
  // cacheControl: false keeps the no-store every /api answer carries.
  docs.use('/api/docs', express.static(swaggerUiDir, { index: false, cacheControl: false }));
  return docs;
}
