import { z } from 'zod';
import { SOCKET_SUBSCRIBE_BATCH } from '../constants.js';

/**
 * The real-time socket (spec sections 3 "Socket message", 4 and 7): the console connects to
 * `/websocket/websocket/web_socket/{deptId}/{userId}`, authenticates with its first message, subscribes the
 * devices on screen in batches and reports every 55 seconds.
 */
export const socketPath = (deptId: number | null, userId: number) =>
  `/websocket/websocket/web_socket/${deptId ?? 0}/${userId}`;

/** Most device subscriptions one message may carry (the console sends 30 at a time). */
export const SOCKET_SUBSCRIBE_MAX = SOCKET_SUBSCRIBE_BATCH * 10;
/** Most devices one connection follows. */
export const SOCKET_DEVICES_MAX = 5_000;

/** Close codes: the socket says why it closed, so the console knows not to reconnect blindly. */
export const SOCKET_CLOSE = {
  badMessage: 4000,
  unauthorized: 4001,
  pathMismatch: 4003,
  authTimeout: 4008,
} as const;

const deviceSubscribeReq = z.object({ deviceId: z.coerce.number().int().positive() });

export const clientSocketMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('auth'),
    /** The session token (the Admin-Token cookie); `data.token` is accepted too. */
    token: z.string().optional(),
    data: z.object({ token: z.string().optional() }).optional(),
  }),
  z.object({
    type: z.literal('subscribeRealSeries'),
    data: z.object({
      userId: z.coerce.number().int().optional(),
      deptId: z.coerce.number().int().nullable().optional(),
      deviceSubscribeReqs: z.array(deviceSubscribeReq).max(SOCKET_SUBSCRIBE_MAX),
    }),
  }),
  z.object({ type: z.literal('report') }),
]);
export type ClientSocketMessage = z.infer<typeof clientSocketMessageSchema>;

/** What the server sends (spec section 3: type, code, msg, userId, deptId, data). */
export interface ServerSocketMessage<T = unknown> {
  type: 'auth' | 'report' | 'subscribeRealSeries' | 'alert' | 'error';
  code: number;
  msg: string;
  userId: number;
  deptId: number | null;
  data: T;
}

/** Auth and report replies: the count the navbar badge shows. */
export interface ReportData {
  reportCount: number;
}

/**
 * Pushed when alerts the user may see changed (raised, resolved, handled): their ids, so a screen showing
 * one can say 'Alert status is changed, Please update now'. A `report` with the new count comes with it.
 */
export interface AlertChangedData {
  alertIds: number[];
}

/** Pushed for a subscribed device: its id, the time of the reading and the keys that changed. */
export type RealSeriesData = { deviceId: number; ts: string } & Record<string, number | string | boolean>;

/** Keys that make a light event (spec section 7). */
export const LIGHT_EVENT_KEYS = ['left', 'mid', 'right', 'lightnessLevel', 'onOff'] as const;
/** Keys that make an AC event. */
export const AC_EVENT_KEYS = ['workMode'] as const;
