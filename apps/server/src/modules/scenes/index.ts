/**
 * The scenes module's public surface: what other modules may use. Everything else in this folder is
 * private to it.
 */
export { runOfferedScene, scenesOfferedIn, type OfferedScene } from './mini-program.js';
export type { SceneDeps } from './service.js';
export { weatherProvider } from './weather.js';
