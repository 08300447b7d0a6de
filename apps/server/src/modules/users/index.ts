/** The public surface of this module: what other modules may import (the lint fences check it). */
export { userAdminRoutes } from './admin-routes.js';
export { insertUser } from './admin-service.js';
export { profileRoutes } from './routes.js';
export { findUserByUsername, getOwnUser } from './service.js';
