import { ProfilePage } from '@/features/profile/pages/profile-page';
import { LinkedIdentities } from '@/features/sso';

/** /user/profile with the user's linked sign-in identities under the profile forms. */
export default function ProfileWithIdentities() {
  return <ProfilePage extra={<LinkedIdentities />} />;
}
