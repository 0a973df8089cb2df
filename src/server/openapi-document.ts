/**
 * The OpenAPI document: the REST side of every tRPC procedure, generated from the router, plus the
 * plain Express routes described here by hand: upload, the two downloads, and the report's
 * printable page (`?format=html` beside the getReport procedure's JSON).
 */
import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import type { ZodOpenApiPathsObject, ZodOpenApiResponsesObject } from 'zod-openapi';
import { z } from 'zod';
import { datasetByIdSchema, errorBodySchema, uploadedDatasetSchema } from './api-schemas';
import { CONTENT_TYPES, downloadQuerySchema } from './download';
import { reportQuerySchema } from './report-page';
import { appRouter } from './routers/_app';
import { MAX_RECIPE_BYTES } from './upload';

const DESCRIPTION = `Stand-in pseudonymizes tabular datasets (CSV, TSV, JSON, XLSX, XLS).

Flow: upload a file (201 with the dataset and its detected schema) → optionally change the
schema, or apply a recipe saved from an earlier export (GET and PUT /api/datasets/{id}/recipe, or
the upload's \`recipe\` field) → pseudonymize → download the result and the mapping → delete.

Datasets live in memory only and are discarded 30 minutes after their last use (an expired and
an unknown id both answer 404). Answers show the first rows of every sheet (100 each, or
\`?limit=\` up to 1000) as display text: \`originalData\` is an array of row objects keyed by column
name (\`originalData[0].email\`), for xlsx and xls an object of such arrays keyed by sheet name
(\`originalData.Orders[0].email\`); \`pseudonymizedData\` has the same shape after a run. A sheet's
preview is capped at 200,000 cells (a sheet of C columns shows at most 200,000 / C rows) and about
4,000,000 characters, a workbook's sheets together at 1,000,000 cells and about 8,000,000
characters; a cell shows at most 1,000 characters, then "…". The full data is the download;
converted to csv, tsv or json it may be at most 512 MB. Every error is JSON \`{ "message": "..." }\`; bad input is a 400
that also lists \`issues\`. Statuses: 400 invalid input or unreadable file, 404 unknown or expired
dataset, 408 upload not received within the deadline, 409 download before pseudonymization (or
the schema changed while a run was going), 413
file over 50 MiB (52,428,800 bytes) or too large to process, 415 extension other than .csv, .tsv,
.json, .xlsx, .xls, 429 rate limit or this address's share of jobs reached (with Retry-After), 503
server full or busy (with Retry-After).`;

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorBodySchema } },
});

function downloadPath(kind: 'pseudonymized data' | 'mapping', fileSuffix: string) {
  const data = kind !== 'mapping';
  const types = [...Object.values(CONTENT_TYPES), ...(data ? ['application/zip'] : [])];
  const responses: ZodOpenApiResponsesObject = {
    200: {
      description: data
        ? `The ${kind} as an attachment named \`<name>.${fileSuffix}.<ext>\` (one sheet: ` +
          `\`<name>.<sheet>.${fileSuffix}.<ext>\`; every sheet of several as csv or tsv: a ZIP, ` +
          `\`<name>.${fileSuffix}.<ext>.zip\`)`
        : `The ${kind} as an attachment named \`<name>.${fileSuffix}.<ext>\``,
      headers: z.object({ 'Content-Disposition': z.string() }),
      content: Object.fromEntries(
        types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
      ),
    },
    400: errorResponse(data ? 'Unknown format or sheet' : 'Unknown format'),
    404: errorResponse('Unknown or expired dataset'),
    409: errorResponse('Not pseudonymized yet'),
    413: errorResponse('Too large to convert within the limits'),
    503: errorResponse('Job queue full (converting to another format)'),
  };
  return {
    get: {
      tags: ['datasets'],
      summary:
        kind === 'mapping'
          ? 'The mapping of the last run: sheet, column, original, pseudonym'
          : 'The pseudonymized data of the last run: every sheet, or the one named',
      requestParams: {
        path: datasetByIdSchema,
        query: data ? downloadQuerySchema : downloadQuerySchema.omit({ sheet: true }),
      },
      responses,
    },
  };
}

const handWrittenPaths: ZodOpenApiPathsObject = {
  '/api/upload': {
    post: {
      tags: ['datasets'],
      summary: 'Uploads one file and detects its schema',
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: {
                file: { type: 'string', format: 'binary' },
                recipe: {
                  type: 'string',
                  description:
                    'Optional: a recipe (the JSON document GET /api/datasets/{id}/recipe gives, ' +
                    `at most ${MAX_RECIPE_BYTES / (1024 * 1024)} MB), as text or a file part, ` +
                    'applied right after detection. The answer then lists what it did in ' +
                    '`recipeReport`; a recipe that does not validate is a 400 and no dataset is kept',
                },
              },
              required: ['file'],
            },
          },
        },
      },
      responses: {
        201: {
          description:
            'The new dataset with its detected schema (with the recipe applied, when one came)',
          content: { 'application/json': { schema: uploadedDatasetSchema } },
        },
        400: errorResponse(
          'Missing file, malformed form, unreadable content, or a recipe that does not validate ' +
            '(the issues name its field, their paths starting with `recipe`)',
        ),
        408: errorResponse('Not received within the upload deadline; the connection is closed'),
        413: errorResponse('Over 50 MiB, a recipe over 1 MB, or too large to process'),
        415: errorResponse('Extension other than .csv, .tsv, .json, .xlsx, .xls'),
        503: errorResponse('Memory budget or job queue full'),
      },
    },
  },
  '/api/datasets/{id}/download': downloadPath('pseudonymized data', 'pseudonymized'),
  '/api/datasets/{id}/download-mapping': downloadPath('mapping', 'mapping'),
};

interface OperationLike {
  parameters?: unknown[];
  responses?: Record<string, ResponseLike>;
  requestBody?: RequestBodyLike;
}

interface ResponseLike {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: unknown }>;
}

const ERROR_SCHEMA_REF = { $ref: '#/components/schemas/Error' };

const RETRY_AFTER = {
  'Retry-After': {
    required: true,
    description: 'Seconds to wait before trying again',
    schema: { type: 'string' },
  },
};

const TOO_MANY_REQUESTS: ResponseLike = {
  description:
    'Rate limit reached (requests or uploads per minute from this address), or this address ' +
    'already has its share of files being processed',
  headers: RETRY_AFTER,
  content: { 'application/json': { schema: ERROR_SCHEMA_REF } },
};

/**
 * Every error answer in the one shape the server sends, `{ message, issues? }` (trpc-to-openapi
 * would describe its own, with a `code`); Retry-After on every 503; and 429 wherever the rate
 * limits apply, which is every path but the health check.
 */
function describeErrors(document: OpenAPIObject): OpenAPIObject {
  for (const [path, pathItem] of Object.entries(document.paths ?? {})) {
    for (const operation of Object.values(pathItem as Record<string, OperationLike>)) {
      const responses = operation.responses ?? {};
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) < 400) continue;
        response.content = { 'application/json': { schema: ERROR_SCHEMA_REF } };
        if (status === '503') response.headers = RETRY_AFTER;
      }
      if (path !== '/api/health') responses['429'] = TOO_MANY_REQUESTS;
    }
  }
  const schemas = document.components?.schemas ?? {};
  for (const name of Object.keys(schemas)) {
    if (name.startsWith('error.')) delete schemas[name];
  }
  return document;
}

/**
 * A JSON body whose every field is optional may be left out (the server reads no body as `{}`);
 * trpc-to-openapi marks every body required, so say so where it is not.
 */
function markOptionalBodies(document: OpenAPIObject): OpenAPIObject {
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(pathItem as Record<string, OperationLike>)) {
      const body = operation.requestBody;
      const schema = body?.content?.['application/json']?.schema;
      if (body && schema && (schema.required ?? []).length === 0) body.required = false;
    }
  }
  return document;
}

interface RequestBodyLike {
  required?: boolean;
  content?: Record<string, { schema?: { required?: string[] } }>;
}

const REPORT_PATH = '/api/datasets/{id}/report';

/**
 * The report's path is the getReport procedure's (JSON), and an Express route answers its
 * `?format=html` before the REST adapter does: its query parameters and the page's content type
 * are added to the generated operation. The 409 and 500 get their own descriptions
 * (trpc-to-openapi keeps the first description it met for a status code).
 */
function describeReportPage(document: OpenAPIObject): OpenAPIObject {
  const operation = (document.paths?.[REPORT_PATH] as { get?: OperationLike } | undefined)?.get;
  if (!operation) throw new Error(`the OpenAPI document has no GET ${REPORT_PATH}`);
  const { format, download } = reportQuerySchema.shape;
  operation.parameters = [
    ...(operation.parameters ?? []),
    ...[
      { name: 'format', field: format },
      { name: 'download', field: download },
    ].map(({ name, field }) => ({
      in: 'query',
      name,
      required: false,
      description: field.description,
      schema: { type: 'string', enum: field.unwrap().options },
    })),
  ];
  const responses = operation.responses ?? {};
  const ok = responses['200'];
  if (ok) {
    ok.description =
      'The report: JSON, or with `format=html` a printable page (inline, or an attachment ' +
      'named `<name>-report.html` with `download=1`)';
    ok.headers = {
      'Content-Disposition': {
        description: 'format=html only: `inline`, or `attachment` with download=1',
        schema: { type: 'string' },
      },
    };
    ok.content = { ...ok.content, 'text/html': { schema: { type: 'string' } } };
  }
  responses['400'] = {
    description: 'Unknown format or download value',
    content: { 'application/json': { schema: ERROR_SCHEMA_REF } },
  };
  responses['409'] = {
    description: 'Not pseudonymized yet, or the schema changed since the last run: no report',
    content: { 'application/json': { schema: ERROR_SCHEMA_REF } },
  };
  responses['500'] = {
    description: 'The run could not compute its report (its data and downloads stand)',
    content: { 'application/json': { schema: ERROR_SCHEMA_REF } },
  };
  return document;
}

/** The document served at /api/openapi.json and written to openapi.json by `npm run openapi`. */
export function createOpenApiDocument(): OpenAPIObject {
  const document = generateOpenApiDocument(appRouter, {
    title: 'Stand-in API',
    description: DESCRIPTION,
    version: '1.0.0',
    baseUrl: '/',
    tags: ['datasets', 'rules', 'service'],
    securitySchemes: {},
    paths: handWrittenPaths,
  });
  return describeErrors(markOptionalBodies(describeReportPage(document)));
}
