import { App, Button, Card, Empty, Flex, Typography } from 'antd';
import { DisconnectOutlined, LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SsoIdentity } from '@sbuilding/shared';
import { useIdentities } from '../api/get-identities';
import { useLinkIdentity } from '../api/link-identity';
import { useUnlinkIdentity } from '../api/unlink-identity';

/** The profile page's linked identities: unlink one (after asking), or link another provider. */
export function LinkedIdentities() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const identities = useIdentities();
  const unlink = useUnlinkIdentity();
  const link = useLinkIdentity();
  const data = identities.data;
  if (!data || (data.identities.length === 0 && data.linkable.length === 0)) return null;

  const onUnlink = (identity: SsoIdentity) => {
    modal.confirm({
      title: t('sso.unlinkTitle', { name: identity.providerName }),
      content: t('sso.unlinkConfirm', { identity: identity.identityLabel }),
      okText: t('sso.unlink'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await unlink.mutateAsync(identity.id);
          message.success(t('sso.unlinked', { name: identity.providerName }));
        } catch {
          // Shown by the request client.
        }
      },
    });
  };

  const onLink = async (provider: string) => {
    try {
      window.location.assign(await link.mutateAsync(provider));
    } catch {
      // Shown by the request client.
    }
  };

  return (
    <Card title={<h2 className="sb-card-heading">{t('sso.identitiesTitle')}</h2>}>
      {data.identities.length === 0 ? (
        <Empty description={t('sso.noIdentities')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ul className="sb-identity-list" aria-label={t('sso.identitiesTitle')}>
          {data.identities.map((identity) => (
            <li key={identity.id}>
              <Flex justify="space-between" align="center" gap="small" wrap>
                <span>
                  <Typography.Text strong>{identity.providerName}</Typography.Text>
                  {': '}
                  {identity.identityLabel}
                </span>
                <Button danger icon={<DisconnectOutlined aria-hidden />} onClick={() => onUnlink(identity)}>
                  {t('sso.unlinkNamed', { name: identity.providerName })}
                </Button>
              </Flex>
            </li>
          ))}
        </ul>
      )}
      <Flex gap="small" wrap>
        {data.linkable.map((p) => (
          <Button
            key={p.key}
            icon={<LinkOutlined aria-hidden />}
            loading={link.isPending && link.variables === p.key}
            onClick={() => void onLink(p.key)}
          >
            {t('sso.linkWith', { name: p.name })}
          </Button>
        ))}
      </Flex>
    </Card>
  );
}
