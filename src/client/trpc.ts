import { QueryClient } from '@tanstack/react-query';
import { httpLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../server/routers/_app';
import { trpcTransformer } from './lib/trpcTransformer';

export const trpc = createTRPCReact<AppRouter>();

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type DatasetView = RouterOutputs['getDataset'];
export type SchemaColumn = DatasetView['schema'][number];
export type DatasetPreview = DatasetView['originalData'];
export type PreviewRow = Extract<DatasetPreview, unknown[]>[number];

/**
 * No automatic retries, no periodic refetch, no refetch on focus, data never stale. No
 * structural sharing either: it copies a changed row into a new object key by key, and a key
 * named `__proto__` (a column's name) does not survive that copy.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        structuralSharing: false,
        retry: false,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpLink({
        url: '/api/trpc',
        transformer: trpcTransformer,
        fetch: (input, init) => fetch(input, { ...init, credentials: 'include' }),
      }),
    ],
  });
}
