/** The public surface of this module: what other modules may import (the lint fences check it). */
export {
  addDays,
  comparisonOf,
  HOUR_MS,
  localClock,
  localDate,
  localMidnight,
  periodRange,
  type Comparison,
} from './periods.js';
export { ENERGY_KEYS, hourlyEnergy, hoursBefore } from './usage.js';
export { energyRoutes } from './routes.js';
export { energyBoard, energyPlaces } from './service.js';
