/** The public surface of this module: what other modules may import (the lint fences check it). */
export { configRoutes } from './config-routes.js';
export { CONFIG_KEYS, getConfigValue } from './config.js';
export { dictRoutes } from './dict-routes.js';
export { seedDictionaries } from './dict-seed.js';
export { smtpForSending } from './smtp.js';
export type { StoredSmtp } from './smtp.js';
