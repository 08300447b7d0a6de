/** The public surface of this module: what other modules may import (the lint fences check it). */
export { findFloor } from './floor-service.js';
export { hallOptions, placesOfHall, requireHallsOfTenant } from './hall-options.js';
export type { HallOption, HallPlaces } from './hall-options.js';
export { findHall, toBuilding } from './hall-service.js';
export { buildingRoutes } from './routes.js';
export { seedBuildings } from './seed.js';
export { findZone } from './zone-service.js';
