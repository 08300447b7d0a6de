export * from './constants.js';
export * from './roles.js';
export * from './routes.js';
export * from './validators.js';
export * from './envelope.js';
export * from './i18n/validation.js';
export * from './schemas/auth.js';
