// A deterministic stand-in for the ECB's euro reference rates, for the demo, tests and CI.
export { createRatesSimulator } from './simulator.js';
export type { RatesSimulator, RatesSimulatorOptions } from './simulator.js';
export {
  FIRST_REFERENCE_DAY,
  renderEcbDocument,
  simulatedFeed,
  simulatedPublications,
} from './ecb-documents.js';
export { SIMULATED_LEVELS, simulatedPublication, simulatedRate } from './rates-model.js';
