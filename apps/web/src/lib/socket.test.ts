import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { RealtimeClient, useAlertChanges } from './socket';

/** A stand-in for the browser's WebSocket that records what the client sends. */
class FakeSocket {
  static OPEN = 1;
  static instances: FakeSocket[] = [];
  readonly OPEN = 1;
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.();
  }
  serverSends(body: object) {
    this.onmessage?.({ data: JSON.stringify(body) });
  }
  serverCloses(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const latest = () => FakeSocket.instances[FakeSocket.instances.length - 1]!;

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the real-time socket client', () => {
  it('authenticates first, subscribes in batches of 30 and reports every 55 seconds', () => {
    const counts: number[] = [];
    const client = new RealtimeClient({ deptId: 3, userId: 7, token: 'tok' }, (c) => counts.push(c));
    client.follow(Array.from({ length: 65 }, (_, i) => i + 1));
    client.start();
    const socket = latest();
    expect(socket.url).toMatch(/\/websocket\/websocket\/web_socket\/3\/7$/);
    socket.serverOpens();
    expect(socket.sent[0]).toEqual({ type: 'auth', token: 'tok' });
    const batches = socket.sent.filter((m) => m.type === 'subscribeRealSeries');
    expect(
      batches.map((b) => (b.data as { deviceSubscribeReqs: unknown[] }).deviceSubscribeReqs.length),
    ).toEqual([30, 30, 5]);
    vi.advanceTimersByTime(55_000);
    expect(socket.sent.at(-1)).toEqual({ type: 'report' });
    socket.serverSends({ type: 'report', code: 200, data: { reportCount: 4 } });
    expect(counts).toEqual([4]);
    client.stop();
  });

  it('hands pushed alert changes to the screens listening, the badge count with them', () => {
    const counts: number[] = [];
    const client = new RealtimeClient({ deptId: 3, userId: 7, token: 'tok' }, (c) => counts.push(c));
    client.start();
    latest().serverOpens();
    const changed: number[][] = [];
    const { unmount } = renderHook(() => useAlertChanges((ids) => changed.push([...ids])));
    latest().serverSends({ type: 'report', code: 200, data: { reportCount: 2 } });
    latest().serverSends({ type: 'alert', code: 200, data: { alertIds: [5, 6] } });
    expect(changed).toEqual([[5, 6]]);
    expect(counts).toEqual([2]);
    unmount();
    latest().serverSends({ type: 'alert', code: 200, data: { alertIds: [7] } });
    expect(changed).toEqual([[5, 6]]);
    client.stop();
  });

  it('hands pushed readings to listeners and subscribes devices followed later at once', () => {
    const client = new RealtimeClient({ deptId: 3, userId: 7, token: 'tok' }, () => undefined);
    client.start();
    latest().serverOpens();
    const seen: unknown[] = [];
    client.onSeries((data) => seen.push(data));
    client.follow([42]);
    expect(latest().sent.at(-1)).toEqual({
      type: 'subscribeRealSeries',
      data: { userId: 7, deptId: 3, deviceSubscribeReqs: [{ deviceId: 42 }] },
    });
    latest().serverSends({
      type: 'subscribeRealSeries',
      code: 200,
      data: { deviceId: 42, ts: 'now', onOff: true },
    });
    expect(seen).toEqual([{ deviceId: 42, ts: 'now', onOff: true }]);
    client.stop();
  });

  it('reconnects at once when closed, and resubscribes; not when the server refused the session', () => {
    const client = new RealtimeClient({ deptId: 3, userId: 7, token: 'tok' }, () => undefined);
    client.follow([1, 2]);
    client.start();
    latest().serverOpens();
    latest().serverCloses(1006);
    vi.advanceTimersByTime(0);
    expect(FakeSocket.instances).toHaveLength(2);
    latest().serverOpens();
    expect(latest().sent.some((m) => m.type === 'subscribeRealSeries')).toBe(true);
    latest().serverCloses(4001);
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.instances).toHaveLength(2);
    client.stop();
  });
});
