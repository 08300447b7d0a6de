/** What other features use of the work orders (issue 37): one click on an alert makes its work order. */
export { useWorkOrderFromAlert } from './api/work-orders';
/** The overdue work orders as a count on the alarm board. */
export { OverdueWorkOrdersCount } from './components/overdue-count';
