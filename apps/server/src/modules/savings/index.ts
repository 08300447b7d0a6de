/** The public surface of this module: what other modules may import (the lint fences check it). */
export {
  evidenceAnswer,
  lookbackStart,
  mayLowerDraw,
  savingsOf,
  savingsPeriod,
  sumByOwner,
} from './changes.js';
export type { CommandEvent, SavingsQuery } from './changes.js';
