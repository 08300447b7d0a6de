import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { invitationRowSchema, pageSchema, type InvitationRow, type PageResult } from '@sbuilding/shared';
import { post } from '@/lib/request';

/** POST /sbuilding/invitation/getList: the tenant's invitations, newest first. */
export function getInvitations(page: {
  pageNum: number;
  pageSize: number;
}): Promise<PageResult<InvitationRow>> {
  return post('/sbuilding/invitation/getList', page, { schema: pageSchema(invitationRowSchema) });
}

export const invitationsQueryKey = ['sso', 'invitations'] as const;

export function useInvitations(page: { pageNum: number; pageSize: number }) {
  return useQuery(
    queryOptions({
      queryKey: [...invitationsQueryKey, page],
      queryFn: () => getInvitations(page),
      placeholderData: keepPreviousData,
    }),
  );
}
