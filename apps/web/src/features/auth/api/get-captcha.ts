import { queryOptions, useQuery } from '@tanstack/react-query';
import { captchaResponseSchema, type CaptchaResponse } from '@sbuilding/shared';
import { get } from '@/lib/request';

/** GET /captchaImage; sent without the token (spec section 6: isToken false). */
export function getCaptcha(): Promise<CaptchaResponse> {
  return get('/captchaImage', { headers: { isToken: false }, silent: true, schema: captchaResponseSchema });
}

export const captchaQueryKey = ['captcha'] as const;

/** Each image is single-use, so nothing is cached or refetched behind the user's back. */
export const captchaQueryOptions = queryOptions({
  queryKey: captchaQueryKey,
  queryFn: getCaptcha,
  staleTime: 0,
  gcTime: 0,
  retry: false,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
});

export function useCaptcha() {
  return useQuery(captchaQueryOptions);
}
