/** The public surface of this module: what other modules may import (the lint fences check it). */
export { projectRoutes } from './routes.js';
export { DEMO_PROJECT, seedProjects } from './seed.js';
export { findProject } from './service.js';
