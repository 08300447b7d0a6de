/** API keys for machines (issue 24): the public surface of the module. */
export { apiKeysPlugin, FAILED_KEYS_PER_MINUTE } from './plugin.js';
export { apiKeyRoutes } from './routes.js';
export { hashKey } from './verify.js';
