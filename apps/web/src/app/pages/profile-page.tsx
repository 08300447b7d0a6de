import { useTranslation } from 'react-i18next';
import { ApiKeysPanel } from '@/features/api-keys';
import { ProfilePage } from '@/features/profile/pages/profile-page';
import { LinkedIdentities } from '@/features/sso';
import { useCan } from '@/lib/permissions';

/**
 * /user/profile: the profile feature's page with the caller's API keys as a tab and the linked sign-in
 * identities under the forms (features meet in app/). Keys are for machines acting in projects: the tab is
 * offered only to whoever the policy lets hold them (a weixin customer has none).
 */
export default function ProfileWithKeysPage() {
  const { t } = useTranslation();
  const keys = useCan('apiKeys:read');
  return (
    <ProfilePage
      extraTabs={keys ? [{ key: 'apiKeys', label: t('apiKeys.title'), children: <ApiKeysPanel /> }] : []}
      extra={<LinkedIdentities />}
    />
  );
}
