/** The public surface of this module: what other modules may import (the lint fences check it). */
export { acAutomationRoutes } from './routes.js';
export { startAcAutomation } from './runner.js';
export { acAutomationEvidence, acAutomationSavings } from './savings.js';
export { createAutomation } from './service.js';
