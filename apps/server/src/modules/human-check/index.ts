// The public face of the human-check module: all that the rest of the server may import from it.
// Anything else here is internal (eslint.config.js refuses a deep import; CONTRIBUTING.md).
export { altchaHumanCheck } from './human-check.js';
export type { HumanCheck } from './human-check.js';
