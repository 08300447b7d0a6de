/**
 * The boards module's public surface: the light, AC and air-quality pictures of a building, which the
 * mini-program composes. Everything else in this folder is private to it.
 */
export { acBoard, lightBoard } from './service.js';
export { airBoard } from './air.js';
