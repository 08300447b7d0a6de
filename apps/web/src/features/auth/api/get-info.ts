import { userInfoSchema, type UserInfo } from '@sbuilding/shared';
import { get } from '@/lib/request';

/** GET /getInfo. Silent: the route guard handles a failure (local logout, message, go to /). */
export function getInfo(): Promise<UserInfo> {
  return get('/getInfo', { silent: true, schema: userInfoSchema });
}
