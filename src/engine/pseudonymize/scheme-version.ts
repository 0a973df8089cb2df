/**
 * The version of the rules that turn (key, value) into a pseudonym: the keyed hashes and
 * permutations, the generators, the retries and what counts as one kind or format. Recipes and
 * golden files pin it, so a pseudonym saved under one version is known to be reproducible.
 *
 * A change that alters any pseudonym for a given key, recipe and input must bump it: a new
 * hash or key derivation, another Feistel round count or tweak, a generator drawing differently,
 * a column routed to another rule (an identifier predicate that matches more names), another
 * Faker version whose lists differ. A change that alters none (speed, memory, messages) must not.
 */
export const PSEUDONYM_SCHEME_VERSION = 1;
