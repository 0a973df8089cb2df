import { z } from 'zod';
import { publicProcedure, router } from '../trpc';

export const healthRouter = router({
  health: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        protect: false,
        path: '/api/health',
        tags: ['service'],
        summary: 'Answers at once, even while files are being processed',
      },
    })
    .input(z.void())
    .output(z.object({ status: z.literal('ok') }))
    .query(() => ({ status: 'ok' as const })),
});
