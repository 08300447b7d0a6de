import { ApiKeysPanel } from '@/features/api-keys';
import { SsoAdminButtons } from '@/features/sso';
import UsersPage from '@/features/users/pages/users-page';

/**
 * /buildingUser: the users page, with the tenant's invitations and identity providers beside "Create", and
 * where an administrator also manages a service account's API keys.
 */
export default function UsersWithKeysPage() {
  return (
    <UsersPage toolbar={<SsoAdminButtons />} apiKeysOf={(user) => <ApiKeysPanel userId={user.userId} />} />
  );
}
