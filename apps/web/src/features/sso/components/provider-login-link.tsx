import { Alert, Button, Flex, Modal, QRCode, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SsoProviderRow } from '@sbuilding/shared';

/**
 * The login page offers a visitor no tenant's provider (it would tell anyone which tenants use the
 * platform): a tenant's people reach theirs through this link, `/login?sso=<key>`, or its QR code.
 */
export const loginLink = (row: SsoProviderRow) =>
  `${window.location.origin}/login?sso=${encodeURIComponent(row.loginKey)}`;

/** The sign-in link of one provider, to copy or to scan, with what it does. */
export function ProviderLoginLink({ provider, onClose }: { provider: SsoProviderRow; onClose: () => void }) {
  const { t } = useTranslation();
  const link = loginLink(provider);
  return (
    <Modal
      open
      title={t('sso.loginLinkTitle', { name: provider.name })}
      onCancel={onClose}
      closable={{ 'aria-label': t('common.close') }}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      <Flex vertical gap="middle">
        <Typography.Paragraph>{t('sso.loginLinkHint', { name: provider.name })}</Typography.Paragraph>
        {!provider.enabled && (
          <Alert type="warning" showIcon title={t('sso.loginLinkOff', { name: provider.name })} />
        )}
        <Flex gap="large" align="center" wrap>
          {/* The label reaches the <svg role="img"> itself: a caption beside it left the image unnamed. */}
          <QRCode value={link} type="svg" size={160} bordered={false} aria-label={t('sso.loginLinkQr')} />
          <Typography.Paragraph
            copyable={{ text: link }}
            className="sb-provider-login-link"
            style={{ flex: 1, minWidth: 240, wordBreak: 'break-all' }}
          >
            {link}
          </Typography.Paragraph>
        </Flex>
      </Flex>
    </Modal>
  );
}
