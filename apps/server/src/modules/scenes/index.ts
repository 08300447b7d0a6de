/** The public surface of this module: what other modules may import (the lint fences check it). */
export { runOfferedScene, scenesOfferedIn } from './mini-program.js';
export type { OfferedScene } from './mini-program.js';
export { noonNapRoutes } from './noon-nap-routes.js';
export { sceneRoutes } from './routes.js';
export { sceneAndNapEvidence, sceneSavings, sceneSavingsEvidence } from './savings.js';
export { startSceneAutomation } from './scheduler.js';
export type { SceneDeps } from './service.js';
export { weatherProvider } from './weather.js';
export type { WeatherProvider } from './weather.js';
export { sceneWeekRoutes } from './week-routes.js';
export { createScene } from './service.js';
export { createNoonNap } from './noon-nap-service.js';
export { SceneEvents } from './events.js';
export type { SceneRunEvent } from './events.js';
export { sceneEventsPlugin } from './plugin.js';
