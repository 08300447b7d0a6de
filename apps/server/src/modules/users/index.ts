/** The public surface of this module: what other modules may import (the lint fences check it). */
export { userAdminRoutes } from './admin-routes.js';
export { insertUser } from './admin-service.js';
export type { NewUser } from './admin-service.js';
export { profileRoutes } from './routes.js';
export { findActiveUser, findUserByUsername, getOwnUser, toUserView } from './service.js';
export type { UserRow } from './service.js';
export { users } from './tables.js';
