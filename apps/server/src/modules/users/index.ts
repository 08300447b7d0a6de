/** The users module's public surface for other modules. */
export { users } from './tables.js';
export { findActiveUser, toUserView, type UserRow } from './service.js';
export { insertUser, type NewUser } from './admin-service.js';
