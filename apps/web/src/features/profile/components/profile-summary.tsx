import { Avatar, Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import type { ProfileResponse } from '@sbuilding/shared';
import { defaultAvatar } from '@/lib/session';

/** The left card of the profile page: who the user is. */
export function ProfileSummary({ profile }: { profile: ProfileResponse }) {
  const { t } = useTranslation();
  const times = useProjectTime();
  const { user, roleGroup } = profile;
  const roles = roleGroup
    .split(',')
    .filter(Boolean)
    .map((r) => t(`roles.${r}`, { defaultValue: r }))
    .join(t('pages.home.separator'));
  return (
    <Card title={t('profile.personalInfo')} className="sb-profile-summary">
      <div className="sb-profile-avatar">
        <Avatar src={user.avatar || defaultAvatar} size={96} alt="" />
      </div>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'userName', label: t('profile.userName'), children: user.userName },
          { key: 'phonenumber', label: t('profile.phonenumber'), children: user.phonenumber },
          { key: 'email', label: t('profile.email'), children: user.email },
          { key: 'roles', label: t('profile.roles'), children: roles },
          {
            key: 'createTime',
            label: times.titled(t('profile.createTime')),
            children: times.format(user.createTime, 'dateTimeMinutes'),
          },
        ]}
      />
    </Card>
  );
}
