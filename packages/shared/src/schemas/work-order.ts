import { z } from 'zod';
import { pagingSchema } from '../envelope.js';
import { labelled } from '../i18n/field-label.js';
import { ALERT_LEVELS, ALERT_SOLUTIONS, ALERT_STATUSES } from './alert.js';
import {
  idSchema,
  optionalFilter,
  optionalText,
  requiredEnum,
  requiredText,
  timestampSchema,
  versionSchema,
} from './fields.js';

/*
 * Work orders (issue 37): alerts, occupants' reports and maintenance plans become work that is assigned,
 * timed by the project's service levels, escalated when late and closed. Settings, plans and figures are in
 * work-order-admin.ts; the mini-program's reports in work-order-wx.ts.
 */

/** The status flow: new → assigned → inProgress → onHold → resolved → closed, with reopen. */
export const WORK_ORDER_STATUSES = ['new', 'assigned', 'inProgress', 'onHold', 'resolved', 'closed'] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];

/** Statuses of work still to do (the "open" ones the board counts). */
export const OPEN_WORK_ORDER_STATUSES: readonly WorkOrderStatus[] = [
  'new',
  'assigned',
  'inProgress',
  'onHold',
];
/**
 * Statuses in which the service-level clock runs: on hold it pauses, and it stops once resolved (a reopen
 * starts it again with what was left).
 */
export const SLA_RUNNING_STATUSES: readonly WorkOrderStatus[] = ['new', 'assigned', 'inProgress'];

export const WORK_ORDER_PRIORITIES = ['urgent', 'high', 'normal', 'low'] as const;
export type WorkOrderPriority = (typeof WORK_ORDER_PRIORITIES)[number];

/** Where a work order came from: a person in the console, an alert, an occupant's report, a maintenance plan. */
export const WORK_ORDER_SOURCES = ['console', 'alert', 'occupant', 'plan'] as const;
export type WorkOrderSource = (typeof WORK_ORDER_SOURCES)[number];

/** What a history entry records. */
export const WORK_ORDER_EVENTS = [
  'created',
  'edited',
  'assigned',
  'status',
  'overdue',
  /** The linked alert was handled as the work order was resolved (the person chose to). */
  'alertHandled',
  /** The linked alert resolved by itself (the device came back, the reading went back to normal). */
  'alertResolved',
  /** The linked alert was raised again (a flapping device, a threshold holding again). */
  'alertRaisedAgain',
] as const;
export type WorkOrderEvent = (typeof WORK_ORDER_EVENTS)[number];

/** The priority an alert's level gives its work order (one click and the automatic rule alike). */
export const PRIORITY_OF_ALERT_LEVEL: Record<(typeof ALERT_LEVELS)[number], WorkOrderPriority> = {
  urgent: 'urgent',
  secondary: 'high',
  general: 'normal',
  complete: 'low',
};

/**
 * What kind of move a transition is, which decides who may make it: `dispatch` (assign, unassign) is the
 * project administrator's; `work` (start, hold, resume, resolve) the assignee's on their own work order;
 * `close` and `reopen` the reporter's on their own report. A tbAdmin (and the platform administrator) may make
 * any of them.
 */
export type TransitionKind = 'dispatch' | 'work' | 'close' | 'reopen';

const TRANSITIONS: Record<WorkOrderStatus, Partial<Record<WorkOrderStatus, TransitionKind>>> = {
  new: { assigned: 'dispatch', inProgress: 'work', onHold: 'work', resolved: 'work', closed: 'close' },
  assigned: { new: 'dispatch', inProgress: 'work', onHold: 'work', resolved: 'work', closed: 'close' },
  inProgress: { assigned: 'dispatch', onHold: 'work', resolved: 'work' },
  onHold: { assigned: 'dispatch', inProgress: 'work', resolved: 'work' },
  resolved: { closed: 'close', new: 'reopen', assigned: 'reopen' },
  closed: { new: 'reopen', assigned: 'reopen' },
};

/** The kind of the move from `from` to `to`, or null when the flow has no such move. */
export function transitionKind(from: WorkOrderStatus, to: WorkOrderStatus): TransitionKind | null {
  return TRANSITIONS[from][to] ?? null;
}

/** Who asks to move a work order, as the transition rule sees them. */
export interface WorkOrderActor {
  userId: number;
  /** tbAdmin of the tenant, or the platform administrator: may make any move. */
  manager: boolean;
}

/** The parts of a work order the transition rule reads. */
export interface WorkOrderParties {
  status: WorkOrderStatus;
  assigneeId: number | null;
  reporterId: number | null;
}

/**
 * Whether `actor` may move `order` to `to` (the one rule: the server enforces it, the console offers only
 * these buttons). The flow must have the move; a manager may make any; the assignee the work moves of their
 * own work order; the reporter closes or reopens their own report.
 */
export function mayTransition(actor: WorkOrderActor, order: WorkOrderParties, to: WorkOrderStatus): boolean {
  const kind = transitionKind(order.status, to);
  if (kind === null) return false;
  if (actor.manager) return true;
  if (kind === 'work') return order.assigneeId === actor.userId;
  if (kind === 'close' || kind === 'reopen') return order.reporterId === actor.userId;
  return false;
}

/** The moves `actor` may make from the order's status, in the flow's order. */
export function allowedTransitions(actor: WorkOrderActor, order: WorkOrderParties): WorkOrderStatus[] {
  return WORK_ORDER_STATUSES.filter((to) => mayTransition(actor, order, to));
}

/** At most this many photos on a work order or a comment. */
export const MAX_WORK_ORDER_PHOTOS = 6;

/** Uploaded pictures (files module ids) attached to a work order or a comment: the caller's own uploads. */
export const photoIdsSchema = z
  .array(z.uuid({ error: 'invalid' }), { error: 'invalid' })
  .max(MAX_WORK_ORDER_PHOTOS, 'tooLong')
  .optional()
  .default([])
  .transform((v) => [...new Set(v)]);

const optionalRef = z
  .union([z.null(), idSchema])
  .optional()
  .transform((v) => v ?? null);

const placeFields = {
  buildingId: optionalRef,
  floorId: optionalRef,
  zoneId: optionalRef,
  deviceId: optionalRef,
};

/** PUT /sbuilding/workorder/create */
export const workOrderCreateBodySchema = z.object({
  projectId: idSchema,
  ...placeFields,
  title: requiredText(100),
  description: optionalText(2000),
  priority: requiredEnum(WORK_ORDER_PRIORITIES).optional().default('normal'),
  /** A user of the tenant who may work orders (tbAdmin or tbCustomer); giving one assigns it at once. */
  assigneeId: optionalRef,
  photoIds: photoIdsSchema,
});
export type WorkOrderCreateBody = z.input<typeof workOrderCreateBodySchema>;

/** POST /sbuilding/workorder/save/{id}: the whole form, with the version read. */
export const workOrderSaveBodySchema = z.object({
  version: versionSchema,
  ...placeFields,
  title: requiredText(100),
  description: optionalText(2000),
  priority: requiredEnum(WORK_ORDER_PRIORITIES),
  assigneeId: optionalRef,
});
export type WorkOrderSaveBody = z.input<typeof workOrderSaveBodySchema>;

/** POST /sbuilding/workorder/transition/{id} */
export const workOrderTransitionBodySchema = z.object({
  to: labelled(requiredEnum(WORK_ORDER_STATUSES), 'transitionTo'),
  note: optionalText(1000),
  /** The version read; a move on a work order changed since answers 409. */
  version: versionSchema.optional(),
  /** Resolving: also process the linked alert (the console asks), with this solution. */
  handleAlert: z.boolean({ error: 'invalid' }).optional().default(false),
  alertSolution: z.enum(ALERT_SOLUTIONS, { error: 'invalid' }).optional().default('repairDevice'),
});
export type WorkOrderTransitionBody = z.input<typeof workOrderTransitionBodySchema>;

/** POST /sbuilding/workorder/comment/{id} */
export const workOrderCommentBodySchema = z.object({
  text: labelled(requiredText(2000), 'commentText'),
  photoIds: photoIdsSchema,
});
export type WorkOrderCommentBody = z.input<typeof workOrderCommentBodySchema>;

/** POST /sbuilding/workorder/assign: bulk assignment (the project administrator's). */
export const workOrderAssignBodySchema = z.object({
  ids: labelled(
    z.array(idSchema, { error: 'required' }).min(1, 'selectOne').max(200, 'tooLong'),
    'workOrders',
  ),
  assigneeId: idSchema,
});
export type WorkOrderAssignBody = z.input<typeof workOrderAssignBodySchema>;
export const workOrderAssignResultSchema = z.object({ count: z.number().int() });

const flag = z
  .union([z.literal(''), z.null(), z.boolean({ error: 'invalid' })])
  .optional()
  .transform((v) => (v === '' || v === null ? undefined : v));
const optionalId = z
  .union([z.literal(''), z.null(), idSchema])
  .optional()
  .transform((v) => (v === '' || v === null ? undefined : v));

/** The list's filter: one project, and optionally status, priority, assignee, building, overdue. */
export const workOrderFilterSchema = z.object({
  projectId: idSchema,
  status: optionalFilter(z.enum(WORK_ORDER_STATUSES, { error: 'invalid' })),
  /** Only work still to do (new, assigned, in progress, on hold). */
  open: flag,
  priority: optionalFilter(z.enum(WORK_ORDER_PRIORITIES, { error: 'invalid' })),
  source: optionalFilter(z.enum(WORK_ORDER_SOURCES, { error: 'invalid' })),
  assigneeId: optionalId,
  /** Only the caller's own work ("my work"). */
  mine: flag,
  buildingId: optionalId,
  overdue: flag,
  keyword: optionalFilter(z.string({ error: 'invalid' }).trim().max(100, 'tooLong')),
});
export type WorkOrderFilterBody = z.input<typeof workOrderFilterSchema>;
export type WorkOrderFilter = z.infer<typeof workOrderFilterSchema>;

/** POST /sbuilding/workorder/getList: newest first. */
export const workOrderListBodySchema = pagingSchema.extend(workOrderFilterSchema.shape);
export type WorkOrderListBody = z.input<typeof workOrderListBodySchema>;
export type WorkOrderListFilter = z.infer<typeof workOrderListBodySchema>;

/** A picture attached to a work order or a comment, with a signed link for `<img src>`. */
export const workOrderPhotoSchema = z.object({ id: z.string(), url: z.string() });
export type WorkOrderPhoto = z.infer<typeof workOrderPhotoSchema>;

export const workOrderSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  buildingId: z.number().int().nullable(),
  buildingName: z.string(),
  floorId: z.number().int().nullable(),
  floorName: z.string(),
  zoneId: z.number().int().nullable(),
  zoneName: z.string(),
  deviceId: z.number().int().nullable(),
  deviceName: z.string(),
  title: z.string(),
  description: z.string(),
  priority: z.enum(WORK_ORDER_PRIORITIES),
  status: z.enum(WORK_ORDER_STATUSES),
  source: z.enum(WORK_ORDER_SOURCES),
  reporterId: z.number().int().nullable(),
  reporterName: z.string(),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string(),
  /** The alert it was made from (null otherwise, or once the alert is gone). */
  alertId: z.number().int().nullable(),
  /** The maintenance plan that made it. */
  maintenancePlanId: z.number().int().nullable(),
  /** When it is due by its service level; while on hold or once resolved the clock stands (`slaPaused`). */
  dueAt: timestampSchema.nullable(),
  slaPaused: z.boolean(),
  /** Past its due time while still to do (marked, and notified once). */
  overdue: z.boolean(),
  overdueAt: timestampSchema.nullable(),
  /** When work first started (in progress): the end of "time to acknowledge". */
  acknowledgedAt: timestampSchema.nullable(),
  resolvedAt: timestampSchema.nullable(),
  /** Whether its last resolution came within the service level (null until resolved). */
  resolvedWithinSla: z.boolean().nullable(),
  closedAt: timestampSchema.nullable(),
  version: z.number().int(),
  createTime: timestampSchema,
  updateTime: timestampSchema,
});
export type WorkOrder = z.infer<typeof workOrderSchema>;

export const workOrderChangeSchema = z.object({
  field: z.string(),
  from: z.string(),
  to: z.string(),
});

export const workOrderHistoryEntrySchema = z.object({
  id: z.number().int(),
  at: timestampSchema,
  /** Null when the system made the change (escalation, an alert resolving itself, a plan). */
  userId: z.number().int().nullable(),
  userName: z.string(),
  event: z.enum(WORK_ORDER_EVENTS),
  fromStatus: z.enum(WORK_ORDER_STATUSES).nullable(),
  toStatus: z.enum(WORK_ORDER_STATUSES).nullable(),
  note: z.string(),
  /** What an edit changed: field, old and new value as text. */
  changes: z.array(workOrderChangeSchema),
});
export type WorkOrderHistoryEntry = z.infer<typeof workOrderHistoryEntrySchema>;

export const workOrderCommentSchema = z.object({
  id: z.number().int(),
  at: timestampSchema,
  userId: z.number().int().nullable(),
  userName: z.string(),
  text: z.string(),
  photos: z.array(workOrderPhotoSchema),
});
export type WorkOrderComment = z.infer<typeof workOrderCommentSchema>;

export const workOrderDetailSchema = workOrderSchema.extend({
  photos: z.array(workOrderPhotoSchema),
  history: z.array(workOrderHistoryEntrySchema),
  comments: z.array(workOrderCommentSchema),
  /** The linked alert as it is now (null when none). */
  alert: z
    .object({
      id: z.number().int(),
      level: z.enum(ALERT_LEVELS),
      status: z.enum(ALERT_STATUSES),
      object: z.string(),
      version: z.number().int(),
    })
    .nullable(),
  /** The moves the caller may make now (the transition rule), in the flow's order. */
  transitions: z.array(z.enum(WORK_ORDER_STATUSES)),
});
export type WorkOrderDetail = z.infer<typeof workOrderDetailSchema>;

/** GET /sbuilding/workorder/assignees: who a work order of the project may be assigned to. */
export const workOrderAssigneeSchema = z.object({ id: z.number().int(), name: z.string() });
export type WorkOrderAssignee = z.infer<typeof workOrderAssigneeSchema>;
export const workOrderProjectQuerySchema = z.object({ projectId: idSchema });
/** PUT /sbuilding/workorder/fromAlert/{alertId} */
export const workOrderAlertParamsSchema = z.object({ alertId: idSchema });
