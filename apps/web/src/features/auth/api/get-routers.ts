import type { RouteRecord } from '@sbuilding/shared';
import { get } from '@/lib/request';

/** GET /getRouters: the caller's menu tree (spec section 2), already filtered by the server. */
export function getRouters(): Promise<RouteRecord[]> {
  return get<RouteRecord[]>('/getRouters', { silent: true });
}
