import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema, type ProfileBody, type User } from '@sbuilding/shared';
import { put } from '@/lib/request';
import { useSession } from '@/lib/session';
import { profileQueryKey } from './get-profile';

export function updateProfile(body: ProfileBody): Promise<User> {
  return put('/system/user/profile', body, { schema: userSchema });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      // The navbar shows the nickname: keep it in step without reloading the session.
      useSession.setState({ nickName: user.nickName });
      return queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}
