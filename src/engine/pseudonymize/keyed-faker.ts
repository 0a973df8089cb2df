import { Faker, base, en } from '@faker-js/faker';
import type { KeyedRandom } from './keyed-random';

/** Relative Faker dates (`date.past`, `date.soon`) count from this fixed day, for reproducibility. */
export const FAKER_REFERENCE_DATE = Date.UTC(2024, 11, 31);

/**
 * The one Faker instance of a run, drawing every random number from `random`: reseeding
 * `random` reseeds Faker, so no Faker is built per value.
 * @example const faker = createKeyedFaker(random); random.reseed('city', 'Paris'); faker.location.city()
 */
export function createKeyedFaker(random: KeyedRandom): Faker {
  return new Faker({
    locale: [en, base],
    randomizer: random,
    config: { defaultRefDate: () => new Date(FAKER_REFERENCE_DATE) },
  });
}

/** What a generator draws from: the keyed random numbers and the Faker instance bound to them. */
export interface FakeSource {
  random: KeyedRandom;
  faker: Faker;
}
