import { z } from 'zod';
import { restPath } from '../openapi-meta';
import { publicProcedure, router } from '../trpc';

export const healthRouter = router({
  health: publicProcedure
    .meta(
      restPath('GET', '/api/health', {
        tag: 'service',
        summary: 'Answers at once, even while files are being processed',
      }),
    )
    .input(z.void())
    .output(z.object({ status: z.literal('ok') }))
    .query(() => ({ status: 'ok' as const })),
});
