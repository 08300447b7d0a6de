import type { FastifyInstance } from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import { socketPath } from '@sbuilding/shared';

/** A message the real-time socket sent. */
export interface Received {
  type: string;
  code: number;
  userId: number;
  deptId: number | null;
  data: Record<string, unknown>;
}

export interface LiveSocket {
  socket: WebSocket;
  /** The next message, in order: one already received, or the one that comes. */
  next(): Promise<Received>;
  /** How it closed (the close code). */
  closed: Promise<number>;
  sendJson(body: object): void;
}

/** A real-time socket of the app (`injectWS`) with a queue of what it received. */
export async function openSocket(app: FastifyInstance, path: string): Promise<LiveSocket> {
  const socket: WebSocket = await app.injectWS(path);
  const inbox: Received[] = [];
  const waiting: ((m: Received) => void)[] = [];
  socket.on('message', (raw: Buffer) => {
    const message: Received = JSON.parse(raw.toString());
    const next = waiting.shift();
    if (next) next(message);
    else inbox.push(message);
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code: number) => resolve(code)));
  const next = () =>
    new Promise<Received>((resolve) => {
      const queued = inbox.shift();
      if (queued) resolve(queued);
      else waiting.push(resolve);
    });
  const sendJson = (body: object) => socket.send(JSON.stringify(body));
  return { socket, next, closed, sendJson };
}

/** A socket on the path of the token's user, authenticated (its `auth` answer read). */
export async function signedInSocket(app: FastifyInstance, token: string): Promise<LiveSocket> {
  const info = await app.inject({
    method: 'GET',
    url: '/getInfo',
    headers: { authorization: `Bearer ${token}` },
  });
  if (info.statusCode !== 200) throw new Error(`getInfo: ${info.statusCode} ${info.body}`);
  const { user } = info.json<{ data: { user: { userId: number; deptId: number | null } } }>().data;
  const live = await openSocket(app, socketPath(user.deptId, user.userId));
  live.sendJson({ type: 'auth', token });
  const answer = await live.next();
  if (answer.type !== 'auth') throw new Error(`the socket answered ${JSON.stringify(answer)} to auth`);
  return live;
}
