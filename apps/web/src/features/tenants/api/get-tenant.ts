import { queryOptions } from '@tanstack/react-query';
import { tenantSchema, type Tenant } from '@sbuilding/shared';
import { get } from '@/lib/request';
import { tenantsQueryKey } from './get-tenants';

export function getTenant(id: number): Promise<Tenant> {
  return get(`/sbuilding/tenant/${id}`, { schema: tenantSchema });
}

/** Read afresh after a refused stale save (409). */
export function tenantQueryOptions(id: number) {
  return queryOptions({ queryKey: [...tenantsQueryKey, 'one', id], queryFn: () => getTenant(id) });
}
