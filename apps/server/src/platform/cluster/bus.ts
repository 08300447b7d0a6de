import crypto from 'node:crypto';
import { z } from 'zod';
import os from 'node:os';

/**
 * What travels on one subject, and how a node reads it back: every payload that arrives (from another
 * process, over NATS) goes through `parse`, which answers the typed value or throws.
 */
export interface Topic<T> {
  readonly subject: string;
  parse(value: unknown): T;
}

/** A request/reply subject: the question and the answer, each read back by its parser. */
export interface Endpoint<Q, A> {
  readonly subject: string;
  parseRequest(value: unknown): Q;
  parseReply(value: unknown): A;
}

/** A topic whose payloads a zod schema reads. */
export function topic<T>(subject: string, schema: z.ZodType<T>): Topic<T> {
  return { subject, parse: (value) => schema.parse(value) };
}

/**
 * The cluster seam: everything that crosses server processes goes through a Bus. Payloads are plain JSON
 * values (the NATS implementation sends them as JSON; the in-process one hands the object over as is, so a
 * handler must not change what it is given). Subjects are dot-separated words without wildcards.
 */
export interface Bus {
  /** 'local': this process only (the default); 'nats': a cluster node (NATS_URL). */
  readonly kind: 'local' | 'nats';
  /** This process's id in the cluster, unique per start: host-pid-random. */
  readonly nodeId: string;
  /** Fire and forget, to every subscriber of every node (this one included). Never throws. */
  publish<T>(topic: Topic<T>, payload: T): void;
  /**
   * Every message published on the topic; answers the unsubscribe. A throwing handler, or a payload its
   * parser refuses, is logged.
   */
  subscribe<T>(topic: Topic<T>, handler: (payload: T) => void): () => void;
  /**
   * Asks the responder of the endpoint (on any node) and answers its reply. Rejects with a BusError:
   * 'no-responders' at once when nobody responds on that subject, 'timeout' after `timeoutMs`,
   * 'unavailable' when the bus is down (NATS lost), 'failed' when the responder threw.
   */
  request<Q, A>(endpoint: Endpoint<Q, A>, payload: Q, options: { timeoutMs: number }): Promise<A>;
  /** Answers requests on the endpoint with what `handler` resolves to; answers the unsubscribe. */
  respond<Q, A>(endpoint: Endpoint<Q, A>, handler: (payload: Q) => Promise<A> | A): () => void;
  /** Whether the bus works now, and why not. */
  status(): BusStatus;
  close(): Promise<void>;
}

export interface BusStatus {
  connected: boolean;
  /** Why it is not connected (empty when it is). */
  reason: string;
}

export type BusErrorCode = 'no-responders' | 'timeout' | 'unavailable' | 'failed';

export class BusError extends Error {
  constructor(
    readonly code: BusErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'BusError';
  }
}

/** Where a bus tells what went wrong in a handler (the server's logger). */
export interface BusLog {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

export const silentLog: BusLog = { error() {}, warn() {}, info() {} };

/** host-pid-random: unique per process start, readable in logs. */
export function newNodeId(): string {
  const host =
    os
      .hostname()
      .replace(/[^A-Za-z0-9_-]/g, '_')
      .slice(0, 40) || 'node';
  return `${host}-${process.pid}-${crypto.randomBytes(3).toString('hex')}`;
}

/** Caches kept per process and dropped on every node through the bus. */
export const CACHE_NAMES = ['config', 'rules', 'gatewayChildren', 'deviceTokens'] as const;
export type CacheName = (typeof CACHE_NAMES)[number];

const invalidationSchema = z.object({
  cache: z.enum(CACHE_NAMES),
  /** Which entries (config keys, project ids, gateway ids, device ids); empty: all of them. */
  keys: z.array(z.union([z.string(), z.number()])),
});
export type Invalidation = z.infer<typeof invalidationSchema>;

/** Caches to drop on every node (each cache's owner subscribes and picks its own name). */
export const INVALIDATE = topic<Invalidation>('cache.invalidate', invalidationSchema);
