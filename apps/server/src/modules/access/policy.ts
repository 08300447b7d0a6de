import type { FastifyRequest } from 'fastify';
import {
  accessDenial,
  accessRule,
  type AccessAction,
  type AccessDenial,
  type PrincipalLimits,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { forbidden, notFound, unauthorized } from '../../platform/errors.js';
import { isServerMessageKey, type MessageKey } from '../../platform/i18n/index.js';
import {
  CONVENTIONAL_FIELDS,
  isPublicAccess,
  type ParamKind,
  type ProtectedAccess,
  type ResourceKind,
} from '../../platform/access.js';
import type { Scope } from '../../platform/tenancy.js';
import type { AuthContext } from '../sessions/index.js';
import { resolveAncestry, type Ancestry } from './ancestry.js';

/** What the policy knows of a verified caller before it looks at rows. */
export function principalOf(auth: AuthContext): PrincipalLimits {
  return {
    roles: auth.scope.roles,
    permissions: auth.scope.permissions,
    credential: auth.apiKey ? 'apiKey' : 'session',
    readOnly: auth.apiKey?.readOnly ?? false,
    projectLimited: auth.scope.projectIds !== undefined,
  };
}

const DENIAL_MESSAGES: Record<Exclude<AccessDenial, 'role'>, MessageKey> = {
  sessionOnly: 'apiKey.sessionOnly',
  readOnly: 'apiKey.readOnly',
  projectLimited: 'apiKey.projectLimited',
};

function denialMessage(action: AccessAction, denial: AccessDenial): MessageKey {
  if (denial !== 'role') return DENIAL_MESSAGES[denial];
  const wording = accessRule(action).deniedMessage;
  return wording && isServerMessageKey(wording) ? wording : 'error.forbidden';
}

/** The route's declaration when it is a protected one (every route declares one: platform/access.ts). */
export function protectedAccessOf(request: FastifyRequest): ProtectedAccess | null {
  const access = request.routeOptions.config.access;
  return access && !isPublicAccess(access) ? access : null;
}

/**
 * Whether the verified caller may take the route's action at all (403 with the reason otherwise). Runs in
 * onRequest, before the body is parsed: a caller who may not learns nothing of the input's shape nor of the
 * rows it names.
 */
export function authorize(request: FastifyRequest, access: ProtectedAccess): void {
  if (!request.auth) throw unauthorized();
  const denial = accessDenial(principalOf(request.auth), access.action);
  if (denial) throw forbidden(denialMessage(access.action, denial));
}

function idsOf(value: unknown): number[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((v): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0);
}

function isResourceKind(kind: ParamKind | null | undefined): kind is ResourceKind {
  return kind !== undefined && kind !== null && kind !== 'unscoped' && kind !== 'record';
}

/** Rows of one kind a request names, and the message a refusal of them carries. */
interface Reference {
  readonly kind: ResourceKind;
  readonly ids: number[];
  readonly notFound: MessageKey;
}

/**
 * The rows a request names: the path's ids as the route declares them, and the fields of the body and query
 * of a conventional name (projectId, floorId, deviceIds …) or declared in `fields`.
 */
export function referencesOf(request: FastifyRequest, access: ProtectedAccess): Reference[] {
  const found: Reference[] = [];
  const routeMessage = access.notFound ?? 'error.notFound';
  const add = (kind: ParamKind | null | undefined, value: unknown, notFound = routeMessage) => {
    if (!isResourceKind(kind)) return;
    const ids = idsOf(value);
    if (ids.length > 0) found.push({ kind, ids, notFound });
  };
  if (typeof request.params === 'object' && request.params !== null) {
    for (const [name, value] of Object.entries(request.params))
      add(name === 'id' ? access.on : access.params?.[name], value);
  }
  for (const input of [request.query, request.body]) {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) continue;
    for (const [name, value] of Object.entries(input)) {
      const declared = access.fields && Object.hasOwn(access.fields, name) ? access.fields[name] : undefined;
      if (declared === undefined) add(CONVENTIONAL_FIELDS[name], value);
      else if (declared === null || typeof declared === 'string') add(declared, value);
      else add(declared.kind, value, declared.notFound);
    }
  }
  return found;
}

/**
 * Whether a row sits within the caller's limits: its tenant (any, for the platform administrator), a key's
 * projects, a weixin customer's buildings. A row of no project (a user) passes the project limit here: the
 * tenant's administration is refused to project-limited keys before (accessDenial).
 */
export function withinLimits(scope: Scope, row: Ancestry): boolean {
  if (!scope.isAdmin && (row.tenantId === null || row.tenantId !== scope.tenantId)) return false;
  if (scope.projectIds !== undefined && row.projectId !== null && !scope.projectIds.includes(row.projectId))
    return false;
  if (scope.hallIds !== undefined && row.buildingId !== null && !scope.hallIds.includes(row.buildingId))
    return false;
  return true;
}

/**
 * Every row the request names must exist and sit within the caller's limits, else 404: another tenant's,
 * another project's (for a project-limited key) and another building's (for a weixin customer) ids look
 * exactly like ids that do not exist. Runs as a preHandler, after validation, so ids are numbers.
 */
export async function checkRows(db: Db, request: FastifyRequest, access: ProtectedAccess): Promise<void> {
  const scope = request.auth?.scope;
  if (!scope) throw unauthorized();
  // The platform administrator with no limit sees every row: nothing to compare.
  if (scope.isAdmin && scope.projectIds === undefined) return;
  for (const { kind, ids, notFound: message } of referencesOf(request, access)) {
    const rows = await resolveAncestry(db, kind, ids);
    for (const id of ids) {
      const row = rows.get(id);
      if (!row || !withinLimits(scope, row)) throw notFound(message);
    }
  }
}
