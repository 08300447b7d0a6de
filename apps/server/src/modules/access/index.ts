export { accessPlugin } from './plugin.js';
export { principalOf, withinLimits } from './policy.js';
export { resolveAncestry, type Ancestry } from './ancestry.js';
