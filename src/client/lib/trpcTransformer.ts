import type { TRPCDataTransformer } from '@trpc/server';
import superjson, { type SuperJSONResult } from 'superjson';

/**
 * superjson, reading answers in place. Its deserialize otherwise copies the parsed JSON first,
 * and the copy leaves out keys named `__proto__`: a preview row's key when a column has that
 * name. The parsed answer is the client's alone, so nothing else sees it read in place.
 */
export const trpcTransformer: TRPCDataTransformer = {
  serialize: (value: unknown) => superjson.serialize(value),
  deserialize: (payload: SuperJSONResult) =>
    superjson.deserialize<unknown>(payload, { inPlace: true }),
};
