/** What other features use of fault detection (issue 38): this month's fault waste on the energy board. */
export { FaultWasteCard } from './components/fault-waste-card';
