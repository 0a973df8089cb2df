import { describe, expect, it } from 'vitest';
import { createOpenApiDocument } from '../../src/server/openapi-document';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: unknown }>; headers?: object }>;
}

const document = createOpenApiDocument();
const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
  Object.entries(item as Record<string, Operation>).map(([method, operation]) => ({
    label: `${method.toUpperCase()} ${path}`,
    path,
    operation,
  })),
);

describe('the OpenAPI document', () => {
  it('describes every error answer with the one Error schema, { message, issues? }', () => {
    for (const { label, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        expect(response.content?.['application/json']?.schema, `${label} ${status}`).toEqual({
          $ref: '#/components/schemas/Error',
        });
      }
    }
    const schemas = Object.keys(document.components?.schemas ?? {});
    expect(schemas.filter((name) => name.startsWith('error.'))).toEqual([]);
  });

  it('lists 429 with Retry-After wherever the rate limits apply: all but the health check', () => {
    for (const { label, path, operation } of operations) {
      const tooMany = operation.responses['429'];
      if (path === '/api/health') {
        expect(tooMany, label).toBeUndefined();
        continue;
      }
      expect(tooMany, label).toBeDefined();
      expect(tooMany?.headers, label).toHaveProperty('Retry-After');
    }
  });

  it('lists 408 for the upload and Retry-After on every 503', () => {
    const upload = operations.find(({ label }) => label === 'POST /api/upload')!;
    expect(upload.operation.responses['408']).toBeDefined();
    for (const { label, operation } of operations) {
      const busy = operation.responses['503'];
      if (busy) expect(busy.headers, label).toHaveProperty('Retry-After');
    }
    const downloads = operations.filter(({ path }) => path.includes('/download'));
    for (const { label, operation } of downloads) {
      expect(operation.responses['503'], label).toBeDefined();
    }
  });
});
