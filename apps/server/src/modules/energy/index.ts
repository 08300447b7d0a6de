/**
 * The energy module's public surface: a project's (or building's) consumption for a period beside the
 * previous one. Everything else in this folder is private to it.
 */
export { energyBoard } from './service.js';
