import { z } from 'zod';
import { FAKER_CATALOGUE } from '../../engine';
import { restPath } from '../openapi-meta';
import { publicProcedure, router } from '../trpc';

export const fakerRouter = router({
  fakerMethods: publicProcedure
    .meta(
      restPath('GET', '/api/faker-methods', {
        tag: 'rules',
        summary: "The Faker methods a column's custom rule may use, by category",
      }),
    )
    .input(z.void())
    .output(z.array(z.object({ category: z.string(), methods: z.array(z.string()) })))
    .query(() =>
      FAKER_CATALOGUE.map(({ category, methods }) => ({ category, methods: [...methods] })),
    ),
});
