import type { FastifyBaseLogger } from 'fastify';
import type { ReportData } from '@sbuilding/shared';
import { checkSession } from '../modules/sessions/index.js';
import type { Clock } from '../platform/clock.js';
import type { Db } from '../platform/db/client.js';
import type { Scope } from '../platform/tenancy.js';
import { send, visibleDevices, type Connection, type Hub } from './hub.js';

/** A socket's session is checked again at least this often (app clock): its limits and its scope. */
const SESSION_RECHECK_MS = 60_000;

/**
 * How often (real time) the connections due a check are looked for. Each is due a minute of the app's
 * clock after its last check, so the checks spread over the minute as the sockets opened (no burst of
 * every socket at once), and a test or browser test that moves a `TestClock` sees them within a second.
 */
const DUE_LOOKUP_MS = 1_000;

function sameIds(a: readonly number[] | undefined, b: readonly number[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  const set = new Set(a);
  return a.length === b.length && b.every((id) => set.has(id));
}

/** Whether two scopes let their caller see the same (the permissions follow from the roles). */
export function sameScope(a: Scope, b: Scope): boolean {
  return (
    a.tenantId === b.tenantId &&
    a.isAdmin === b.isAdmin &&
    sameIds(a.hallIds, b.hallIds) &&
    sameIds(a.projectIds, b.projectIds) &&
    a.roles.length === b.roles.length &&
    a.roles.every((role) => b.roles.includes(role))
  );
}

export interface SessionWatchOptions {
  hub: Hub;
  db: () => Db;
  clock: Clock;
  /** The navbar badge of a scope (pushed when a connection's scope changes). */
  reportCount: (db: Db, scope: Scope) => Promise<number>;
  log: FastifyBaseLogger;
}

/**
 * Keeps every socket within its session (ASVS V7): checked a minute after its last check and at once when
 * its user's scope changes (`principal.changed`), it closes (4001) when the session has ended (idle or
 * absolute limit, revoked, user blacklisted or deleted, tenant disabled), or, when the scope changed (a
 * weixin customer's buildings), stops following the devices it may no longer see, reads later
 * subscriptions with the new scope and is pushed the badge of that scope. A check never counts as activity
 * (`checkSession`): only the client's `report` does, so a screen whose person left still idles out.
 */
export class SessionWatch {
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly options: SessionWatchOptions) {
    this.timer = setInterval(() => this.checkDue(), DUE_LOOKUP_MS);
    this.timer.unref();
  }

  /** These users' scope changed (any node): their connections here are checked now. */
  usersChanged(userIds: readonly number[]): void {
    const changed = new Set(userIds);
    for (const connection of this.options.hub.all) {
      if (changed.has(connection.auth.userId)) this.check(connection);
    }
  }

  close(): void {
    clearInterval(this.timer);
  }

  private checkDue(): void {
    const now = this.options.clock.now().getTime();
    for (const connection of this.options.hub.all) {
      // A clock set back (a test clock) makes every connection due rather than none for a long while.
      if (now - connection.checkedAt >= SESSION_RECHECK_MS || now < connection.checkedAt) {
        this.check(connection);
      }
    }
  }

  private check(connection: Connection): void {
    // Marked at once, so the next lookups do not queue it again while the check runs.
    connection.checkedAt = this.options.clock.now().getTime();
    connection.inTurn(() => this.recheck(connection));
  }

  private async recheck(connection: Connection): Promise<void> {
    const { hub, clock, reportCount, log } = this.options;
    if (!hub.all.has(connection)) return;
    const db = this.options.db();
    const { sessionId, userId } = connection.auth;
    const auth = await checkSession(db, sessionId, userId, clock.now());
    // Closed meanwhile: nothing left to cut.
    if (!hub.all.has(connection)) return;
    // The path named the tenant; another tenant ends the session anyway (a user moved is signed out).
    if (!auth || auth.scope.tenantId !== connection.deptId) return hub.end(connection);
    if (sameScope(auth.scope, connection.auth.scope)) return;
    connection.auth = auth;
    const followed = [...connection.devices];
    const visible = new Set(await visibleDevices(db, auth.scope, followed));
    hub.unfollow(
      connection,
      followed.filter((id) => !visible.has(id)),
    );
    log.debug({ userId, sessionId }, 'socket scope changed');
    // The badge counts what the scope may see: the new scope's count, at once.
    const data: ReportData = { reportCount: await reportCount(db, auth.scope) };
    send(connection, { type: 'report', code: 200, msg: 'ok', data });
  }
}
