export * from './types.js';
export * from './formats.js';
export * from './fields.js';
export * from './models.js';
export * from './labels.js';
export * from './key-label.js';
export * from './schemas.js';
export * from './catalogue.js';
