/** The public surface of this feature: what other features may import (the lint fences check it). */
export { PERIOD_COLORS } from './components/period-colors';
