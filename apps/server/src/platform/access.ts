import { accessRule, isAccessAction, type AccessAction } from '@sbuilding/shared';
import type { MessageKey } from './i18n/index.js';

/**
 * The kinds of rows a call can name by id, each with an ancestry (zone → floor → building → project →
 * tenant) that modules/access resolves in one place. `unscoped`: the id names something of no tenant
 * (a setting, a dictionary row, a table of the code generator), only for account or platform actions.
 */
export const RESOURCE_KINDS = [
  'project',
  'building',
  'floor',
  'zone',
  'device',
  'group',
  'mark',
  'meshVersion',
  'workTime',
  'scene',
  'noonNap',
  'acAutomation',
  'alert',
  'alertRule',
  'channel',
  'tariff',
  'emission',
  'meterNode',
  'reportSchedule',
  'shareLink',
  'workOrder',
  'maintenancePlan',
  'fddFinding',
  'user',
  'invitation',
  'ssoProvider',
  'apiKey',
  'identity',
  'tenant',
] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];
/**
 * What a path id may name beyond the kinds: `unscoped`, something of no tenant; `record`, a row of a table
 * the code generator made for the tenant (tenant-wide, compared by its service's tenancy scope).
 */
export type ParamKind = ResourceKind | 'unscoped' | 'record';

/**
 * Fields of a body, query or path that name a row of a kind wherever they appear (one id, or a list of
 * ids): the policy resolves each one's ancestry and compares it with the caller's limits, so no route can
 * forget to. A route whose field of one of these names means something else says so in `fields`.
 */
export const CONVENTIONAL_FIELDS: Readonly<Record<string, ResourceKind>> = {
  projectId: 'project',
  projectIds: 'project',
  buildingId: 'building',
  hallId: 'building',
  hallIds: 'building',
  floorId: 'floor',
  zoneId: 'zone',
  zoneIds: 'zone',
  deviceId: 'device',
  deviceIds: 'device',
  groupId: 'group',
  channelId: 'channel',
  channelIds: 'channel',
  workTimeId: 'workTime',
};

/** A field naming rows whose refusal the spec words (sendCmd's '(Device/group) not found'). */
export interface FieldReference {
  readonly kind: ResourceKind;
  readonly notFound: MessageKey;
}

/** What a protected route declares: the action it takes and the kinds of the ids it names. */
export interface ProtectedAccess {
  readonly action: AccessAction;
  /** The kind of row the path's `:id` names (required when the path has one). */
  readonly on?: ParamKind;
  /** Kinds of other path parameters that name rows (`:tableId` …). */
  readonly params?: Readonly<Record<string, ParamKind>>;
  /**
   * Fields of the body or query that name rows beyond the conventional ones, or that carry a conventional
   * name with another meaning (`null`: not a reference, checked by the service).
   */
  readonly fields?: Readonly<Record<string, ResourceKind | FieldReference | null>>;
  /**
   * The 404's message for a row the request names that is absent or outside the caller's limits, where the
   * spec or the service words it (the same words for both, so neither tells the other apart).
   */
  readonly notFound?: MessageKey;
}

/** A route reachable without a session, saying what guards it instead (a captcha, a signed link, a token). */
export interface PublicAccess {
  readonly public: string;
}

export type RouteAccess = ProtectedAccess | PublicAccess;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call this route, and on which rows: every route declares it (modules/access). Checked when
     * the route is registered: a route without one stops the server's start.
     */
    access?: RouteAccess;
  }
}

export function isPublicAccess(access: RouteAccess): access is PublicAccess {
  return 'public' in access;
}

/** Path parameters that name no row (a model, a settings key, a share link's own token …). */
const NOT_IDS = new Set(['model', 'key', 'type', 'token', 'tableName', '*']);

function pathParams(url: string): string[] {
  return [...url.matchAll(/[:]([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');
}

/** Routes of plugins the project does not write (the API document's pages), which hold no data. */
const UNDECLARED_PREFIXES = ['/docs'];

/** The console's built files, which @fastify/static registers one route each, marked with their root. */
function isStaticFile(config: object | undefined): boolean {
  return config !== undefined && 'rootPath' in config && typeof config.rootPath === 'string';
}

/**
 * Checks a route's declaration when it is registered (an onRoute hook at the root): a route without one,
 * an unknown action, a path id without a kind, or an `unscoped` id on an action of a project or the
 * tenant throws, so the server does not start and the test that builds it fails.
 */
export function assertDeclared(route: {
  method: string | string[];
  url: string;
  config?: { access?: RouteAccess };
}): void {
  const url = route.url;
  if (UNDECLARED_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`))) return;
  if (isStaticFile(route.config)) return;
  const where = `${[route.method].flat().join(',')} ${url}`;
  const access = route.config?.access;
  if (!access) throw new Error(`${where} declares no config.access (modules/access/README.md)`);
  if (isPublicAccess(access)) {
    if (access.public.trim().length < 10) throw new Error(`${where}: say what guards a public route`);
    return;
  }
  // Checked at run time too: a JavaScript caller or a cast could pass any string.
  if (!isAccessAction(access.action)) throw new Error(`${where}: unknown action ${String(access.action)}`);
  const level = accessRule(access.action).level;
  for (const param of pathParams(url)) {
    if (NOT_IDS.has(param)) continue;
    const kind = param === 'id' ? access.on : access.params?.[param];
    if (!kind)
      throw new Error(`${where}: the kind of :${param} is not declared (access.on or access.params)`);
    if (kind === 'unscoped' && (level === 'project' || level === 'tenant'))
      throw new Error(`${where}: :${param} of a ${level} action must name a kind of row, not 'unscoped'`);
  }
}
