// The engine's browser-safe entry: what the page may use of it (the data model's types and
// constants, the Faker catalogue and the sample generator). It reaches no platform module
// (src/engine/platform/), so it bundles for the browser; tests/architecture checks that.
export * from './types';
export {
  FAKER_CATALOGUE,
  validateFakerMethod,
  isFakerMethod,
} from './pseudonymize/faker-catalogue';
export { sampleValue } from './pseudonymize/sample-value';
