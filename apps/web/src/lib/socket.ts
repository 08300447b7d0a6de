import { useEffect, useRef } from 'react';
import {
  SOCKET_CLOSE,
  SOCKET_REPORT_INTERVAL_MS,
  SOCKET_SUBSCRIBE_BATCH,
  socketPath,
  type RealSeriesData,
  type ServerSocketMessage,
} from '@sbuilding/shared';
import { getToken } from './auth-token';
import { i18n } from './i18n';
import { useSession } from './session';

/** Longest wait between reconnects while the server is away; the first retry is immediate (spec section 4). */
const MAX_RETRY_MS = 5_000;

type SeriesListener = (data: RealSeriesData) => void;
type AlertListener = (alertIds: readonly number[]) => void;

/** Screens listening for alert changes; outside the client, so a screen may listen before the socket opens. */
const alertListeners = new Set<AlertListener>();

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readMessage(raw: unknown): ServerSocketMessage | null {
  if (typeof raw !== 'string') return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!isRecord(value) || typeof value.type !== 'string') return null;
    const { type, code, msg, userId, deptId, data } = value;
    if (
      type !== 'auth' &&
      type !== 'report' &&
      type !== 'subscribeRealSeries' &&
      type !== 'alert' &&
      type !== 'error'
    )
      return null;
    return {
      type,
      code: typeof code === 'number' ? code : 0,
      msg: typeof msg === 'string' ? msg : '',
      userId: typeof userId === 'number' ? userId : 0,
      deptId: typeof deptId === 'number' ? deptId : null,
      data,
    };
  } catch {
    return null;
  }
}

function seriesData(data: unknown): RealSeriesData | null {
  if (!isRecord(data) || typeof data.deviceId !== 'number' || typeof data.ts !== 'string') return null;
  const values: Record<string, number | string | boolean> = {};
  for (const [key, value] of Object.entries(data)) {
    if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean')
      values[key] = value;
  }
  return { ...values, deviceId: data.deviceId, ts: data.ts };
}

/**
 * The console's real-time socket (spec sections 4 and 7): opened once user info is loaded, authenticated with
 * its first message, devices subscribed in batches of 30 (again after every reconnect), a report every 55 s
 * whose reply carries the badge count. On close it reconnects at once (then with a growing pause while the
 * server is away), except when the server refused the session. On error it logs and stops the report timer.
 * Device state is not stored here: listeners patch the query cache of the screen that shows it.
 */
export class RealtimeClient {
  private socket: WebSocket | null = null;
  private reportTimer: ReturnType<typeof setInterval> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private retries = 0;
  private stopped = true;
  private readonly devices = new Map<number, number>();
  private readonly listeners = new Set<SeriesListener>();

  constructor(
    private readonly target: { deptId: number | null; userId: number; token: string },
    private readonly onCount: (count: number) => void,
  ) {}

  start(): void {
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    this.stopReports();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.socket?.close();
    this.socket = null;
  }

  /** Follows the devices (counted, so two screens may follow one device); returns the unfollow. */
  follow(deviceIds: readonly number[]): () => void {
    const fresh = deviceIds.filter((id) => !this.devices.has(id));
    for (const id of deviceIds) this.devices.set(id, (this.devices.get(id) ?? 0) + 1);
    this.sendSubscriptions(fresh);
    return () => {
      for (const id of deviceIds) {
        const left = (this.devices.get(id) ?? 1) - 1;
        if (left > 0) this.devices.set(id, left);
        else this.devices.delete(id);
      }
    };
  }

  onSeries(listener: SeriesListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private open(): void {
    const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    const { deptId, userId, token } = this.target;
    const socket = new WebSocket(`${protocol}//${window.location.host}${socketPath(deptId, userId)}`);
    this.socket = socket;
    socket.onopen = () => {
      this.retries = 0;
      socket.send(JSON.stringify({ type: 'auth', token }));
      this.sendSubscriptions([...this.devices.keys()]);
      this.stopReports();
      this.reportTimer = setInterval(
        () => socket.send(JSON.stringify({ type: 'report' })),
        SOCKET_REPORT_INTERVAL_MS,
      );
    };
    socket.onmessage = (event: MessageEvent) => this.receive(event.data);
    socket.onerror = (event) => {
      console.error('socket error', event);
      this.stopReports();
    };
    socket.onclose = (event: CloseEvent) => {
      this.stopReports();
      if (this.stopped || socket !== this.socket) return;
      // The server refused this session: retrying would be refused again; the next API call signs out.
      if (event.code === SOCKET_CLOSE.unauthorized || event.code === SOCKET_CLOSE.pathMismatch) return;
      const wait = Math.min(MAX_RETRY_MS, this.retries === 0 ? 0 : 500 * 2 ** this.retries);
      this.retries += 1;
      this.retryTimer = setTimeout(() => this.open(), wait);
    };
  }

  private receive(raw: unknown): void {
    const message = readMessage(raw);
    if (!message) return;
    if (message.type === 'auth' || message.type === 'report') {
      if (isRecord(message.data) && typeof message.data.reportCount === 'number') {
        this.onCount(message.data.reportCount);
      }
      return;
    }
    if (message.type === 'alert') {
      const ids = isRecord(message.data) ? message.data.alertIds : null;
      if (!Array.isArray(ids)) return;
      const alertIds = ids.filter((id): id is number => typeof id === 'number');
      for (const listener of alertListeners) listener(alertIds);
      return;
    }
    if (message.type === 'subscribeRealSeries') {
      const data = seriesData(message.data);
      if (data) for (const listener of this.listeners) listener(data);
    }
  }

  private sendSubscriptions(deviceIds: readonly number[]): void {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN || deviceIds.length === 0) return;
    const { deptId, userId } = this.target;
    for (let i = 0; i < deviceIds.length; i += SOCKET_SUBSCRIBE_BATCH) {
      const batch = deviceIds.slice(i, i + SOCKET_SUBSCRIBE_BATCH).map((deviceId) => ({ deviceId }));
      socket.send(
        JSON.stringify({ type: 'subscribeRealSeries', data: { userId, deptId, deviceSubscribeReqs: batch } }),
      );
    }
  }

  private stopReports(): void {
    if (this.reportTimer) clearInterval(this.reportTimer);
    this.reportTimer = null;
  }
}

let client: RealtimeClient | null = null;

/** Whether this browser can open the socket at all (spec section 8: otherwise ask to upgrade). */
export function socketSupported(): boolean {
  return typeof window !== 'undefined' && 'WebSocket' in window;
}

/**
 * Keeps the one socket of the signed-in user open while mounted (the layout mounts it once user info is
 * loaded) and closes it on sign-out.
 */
export function useRealtimeConnection(): void {
  const userId = useSession((s) => s.userId);
  const deptId = useSession((s) => s.deptId);
  const loaded = useSession((s) => s.loaded);
  useEffect(() => {
    const token = getToken();
    if (!loaded || userId === null || !token) return;
    if (!socketSupported()) {
      window.alert(i18n.t('socket.unsupported'));
      return;
    }
    const realtime = new RealtimeClient({ deptId, userId, token }, (count) =>
      useSession.getState().setReportCount(count),
    );
    client = realtime;
    realtime.start();
    return () => {
      realtime.stop();
      if (client === realtime) client = null;
    };
  }, [loaded, userId, deptId]);
}

/**
 * Live readings of `deviceIds` while the calling screen is mounted. `onData` usually patches the screen's
 * query cache (`queryClient.setQueriesData`), so every view of that data updates at once.
 */
export function useDeviceSeries(deviceIds: readonly number[], onData: SeriesListener): void {
  const handler = useRef(onData);
  useEffect(() => {
    handler.current = onData;
  });
  const key = [...deviceIds].sort((a, b) => a - b).join(',');
  useEffect(() => {
    const realtime = client;
    if (!realtime || key === '') return;
    const ids = key.split(',').map(Number);
    const watched = new Set(ids);
    const unfollow = realtime.follow(ids);
    const unlisten = realtime.onSeries((data) => {
      if (watched.has(data.deviceId)) handler.current(data);
    });
    return () => {
      unlisten();
      unfollow();
    };
  }, [key]);
}

/**
 * Alerts that changed elsewhere (raised, resolved by the device, handled by another user) while the calling
 * screen is mounted: the server pushes their ids with every change.
 */
export function useAlertChanges(onChange: AlertListener): void {
  const handler = useRef(onChange);
  useEffect(() => {
    handler.current = onChange;
  });
  useEffect(() => {
    const listener: AlertListener = (ids) => handler.current(ids);
    alertListeners.add(listener);
    return () => {
      alertListeners.delete(listener);
    };
  }, []);
}
