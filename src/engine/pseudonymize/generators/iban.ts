import type { Faker } from '@faker-js/faker';

/**
 * A valid IBAN (correct check digits) of the original's country, spaced and cased like it.
 * Countries Faker does not know get an IBAN of another country.
 * @example fakeIban('DE89 3704 0044 0532 0130 00', faker) // 'DE05 8006 0841 0060 0700 15'
 */
export function fakeIban(original: string, faker: Faker): string {
  const countryCode = original.slice(0, 2).toUpperCase();
  const formatted = original.includes(' ');
  let iban: string;
  try {
    iban = faker.finance.iban({ countryCode, formatted });
  } catch {
    iban = faker.finance.iban({ formatted });
  }
  return original === original.toLowerCase() ? iban.toLowerCase() : iban;
}
