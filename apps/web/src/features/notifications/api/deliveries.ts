import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { notificationDeliverySchema, pageSchema, type DeliveryListBody } from '@sbuilding/shared';
import { post } from '@/lib/request';
import { notificationsKey } from './channels';

const deliveryPageSchema = pageSchema(notificationDeliverySchema);

export function listDeliveries(filter: DeliveryListBody) {
  return post('/sbuilding/notification/delivery/list', filter, { schema: deliveryPageSchema });
}

export function useDeliveries(filter: DeliveryListBody, enabled: boolean) {
  return useQuery({
    queryKey: [...notificationsKey, 'deliveries', filter],
    queryFn: () => listDeliveries(filter),
    enabled,
    placeholderData: keepPreviousData,
  });
}
