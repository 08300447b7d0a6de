/**
 * The buildings module's public surface: what other modules may use of buildings, floors and zones.
 * Everything else in this folder is private to it.
 */
export { findHall, toBuilding } from './hall-service.js';
export {
  hallOptions,
  placesOfHall,
  requireHallsOfTenant,
  type HallOption,
  type HallPlaces,
} from './hall-options.js';
