/** The sso module's public surface: its routes (registered in app.ts). */
export { publicSsoRoutes } from './public-routes.js';
export { ssoRoutes } from './routes.js';
