import { useQuery } from '@tanstack/react-query';
import { ssoTicketResponseSchema, type SsoTicketResponse } from '@sbuilding/shared';
import { get } from '@/lib/request';

/** GET /sso/ticket: the identity waiting on /bind (provider, who, and whether it may create an account). */
export function getSsoTicket(ticket: string): Promise<SsoTicketResponse> {
  return get('/sso/ticket', {
    params: { ticket },
    headers: { isToken: false },
    silent: true,
    schema: ssoTicketResponseSchema,
  });
}

export function useSsoTicket(ticket: string) {
  return useQuery({
    queryKey: ['sso', 'ticket', ticket],
    queryFn: () => getSsoTicket(ticket),
    enabled: ticket !== '',
    retry: false,
    staleTime: Infinity,
  });
}
