export * from './actions.js';
export * from './principal.js';
