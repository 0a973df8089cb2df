import { z } from 'zod';
import { FAKER_CATALOGUE } from '../../engine';
import { publicProcedure, router } from '../trpc';

export const fakerRouter = router({
  fakerMethods: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        protect: false,
        path: '/api/faker-methods',
        tags: ['rules'],
        summary: "The Faker methods a column's custom rule may use, by category",
      },
    })
    .input(z.void())
    .output(z.array(z.object({ category: z.string(), methods: z.array(z.string()) })))
    .query(() =>
      FAKER_CATALOGUE.map(({ category, methods }) => ({ category, methods: [...methods] })),
    ),
});
