/** The public surface of this module: what other modules may import (the lint fences check it). */
export { addDays, HOUR_MS, localClock, localDate, localMidnight } from './periods.js';
export { energyRoutes } from './routes.js';
export { energyBoard, energyPlaces } from './service.js';
