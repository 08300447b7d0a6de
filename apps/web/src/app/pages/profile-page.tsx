import { useTranslation } from 'react-i18next';
import { ApiKeysPanel } from '@/features/api-keys';
import { ProfilePage } from '@/features/profile/pages/profile-page';
import { LinkedIdentities } from '@/features/sso';

/**
 * /user/profile: the profile feature's page with the caller's API keys as a tab and the linked sign-in
 * identities under the forms (features meet in app/).
 */
export default function ProfileWithKeysPage() {
  const { t } = useTranslation();
  return (
    <ProfilePage
      extraTabs={[{ key: 'apiKeys', label: t('apiKeys.title'), children: <ApiKeysPanel /> }]}
      extra={<LinkedIdentities />}
    />
  );
}
