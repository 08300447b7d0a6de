import UsersPage from '@/features/users/pages/users-page';
import { SsoAdminButtons } from '@/features/sso';

/** /buildingUser with the tenant's invitations and identity providers beside "Create". */
export default function UsersWithSso() {
  return <UsersPage toolbar={<SsoAdminButtons />} />;
}
