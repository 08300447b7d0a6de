/** The public surface of this module: what other modules may import (the lint fences check it). */
export { lookbackStart, nextOnReports, offCommands, savingsPeriod, sumSavings, withDraw } from './switch-offs.js';
export type { SavingsQuery } from './switch-offs.js';
