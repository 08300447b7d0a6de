/** The public surface of this module: what other modules may import (the lint fences check it). */
export { DEMO_TENANT, seedBuiltIns, seedDemo } from './demo.js';
export { seedDemoAutomations } from './demo-automations.js';
