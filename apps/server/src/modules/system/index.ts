/** The system module's public surface for other modules: reading settings. */
export { CONFIG_KEYS, getConfigValue } from './config.js';
