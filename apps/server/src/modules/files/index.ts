/** The public surface of this module: what other modules may import (the lint fences check it). */
export type { FileLinks } from './links.js';
export { filesPlugin } from './plugin.js';
export { fileServeRoutes, fileUploadRoutes, readUpload } from './routes.js';
export { requireFile, saveFile, storeImage } from './service.js';
export type { FileStore } from './store.js';
export { sanitizeSvg } from './svg-sanitizer.js';
