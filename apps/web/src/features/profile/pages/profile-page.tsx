import type { ReactNode } from 'react';
import { Card, Col, Empty, Flex, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Tabs, type TabsProps } from '@/components/tabs';
import { useProfile } from '../api/get-profile';
import { PasswordForm } from '../components/password-form';
import { ProfileForm } from '../components/profile-form';
import { ProfileSummary } from '../components/profile-summary';
import './profile-page.css';

export interface ProfilePageProps {
  /** Further tabs other features add (the API keys), composed in app/pages/profile-page.tsx. */
  extraTabs?: TabsProps['items'];
  /** What the app composes below the forms (the linked sign-in identities). */
  extra?: ReactNode;
}

/** /user/profile: the user's details, their editable basics and the password change. */
export function ProfilePage({ extraTabs = [], extra }: ProfilePageProps = {}) {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <section className="sb-page" aria-labelledby="sb-profile-title">
      <Typography.Title level={1} id="sb-profile-title" className="sb-page-title">
        {t('routes.profile')}
      </Typography.Title>
      {profile.data ? (
        <Row gutter={[20, 20]}>
          <Col xs={24} md={8}>
            <ProfileSummary profile={profile.data} />
          </Col>
          <Col xs={24} md={16}>
            <Flex vertical gap={20}>
              <Card>
                <Tabs
                  items={[
                    {
                      key: 'basic',
                      label: t('profile.basicInfo'),
                      children: <ProfileForm user={profile.data.user} />,
                    },
                    { key: 'password', label: t('profile.changePassword'), children: <PasswordForm /> },
                    ...extraTabs,
                  ]}
                />
              </Card>
              {extra}
            </Flex>
          </Col>
        </Row>
      ) : profile.isError ? (
        // The request client has already said what went wrong.
        <Empty />
      ) : (
        <Skeleton active />
      )}
    </section>
  );
}
