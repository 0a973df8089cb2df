import type { OpenApiMeta, OpenApiMethod } from 'trpc-to-openapi';

/** What a REST path says of itself in the OpenAPI document. */
export interface RestPathDescription {
  /** The group the path is listed under in the API docs. */
  tag: 'datasets' | 'rules' | 'service';
  summary: string;
  description?: string;
  /** The error statuses the call may answer, each with what it means here. */
  errors?: Record<number, string>;
}

/**
 * A procedure's `meta`, serving it over REST as well as tRPC. The API has no login, so no path
 * is protected.
 * @example publicProcedure.meta(restPath('GET', '/api/health', { tag: 'service', summary: 'Up' }))
 */
export function restPath(
  method: OpenApiMethod,
  path: `/api/${string}`,
  { tag, summary, description, errors }: RestPathDescription,
): OpenApiMeta {
  return {
    openapi: {
      method,
      protect: false,
      path,
      tags: [tag],
      summary,
      description,
      errorResponses: errors,
    },
  };
}
