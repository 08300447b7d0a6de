import { useQuery } from '@tanstack/react-query';
import { registrationInfoSchema, type RegistrationInfo } from '@sbuilding/shared';
import { get } from '@/lib/request';

export interface RegistrationSource {
  invitation: string;
  ticket: string;
}

/** GET /register/invitation: the tenant and role an invitation (or a provider's ticket) registers into. */
export function getRegistration(source: RegistrationSource): Promise<RegistrationInfo> {
  return get('/register/invitation', {
    params: source,
    headers: { isToken: false },
    silent: true,
    schema: registrationInfoSchema,
  });
}

export function useRegistration(source: RegistrationSource) {
  return useQuery({
    queryKey: ['register', source],
    queryFn: () => getRegistration(source),
    enabled: source.invitation !== '' || source.ticket !== '',
    retry: false,
    staleTime: Infinity,
  });
}
