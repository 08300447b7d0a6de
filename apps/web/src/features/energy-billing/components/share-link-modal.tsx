import { App, Button, Input, Modal, Space, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ShareLink } from '@sbuilding/shared';
import { shareUrl } from './report-helpers';

/** A link just created: its URL to copy, shown this once (the server keeps only the token's hash). */
export function ShareLinkModal({ link, onClose }: { link: ShareLink | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const url = link?.token ? shareUrl(link.token) : '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      message.success(t('energyReports.shares.copied'));
    } catch {
      message.warning(t('energyReports.shares.copyFailed'));
    }
  };

  return (
    <Modal
      open={link !== null}
      title={t('energyReports.shares.createdTitle')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('energyReports.shares.done')}
        </Button>
      }
    >
      <Typography.Paragraph>{t('energyReports.shares.onlyOnce')}</Typography.Paragraph>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          readOnly
          value={url}
          aria-label={t('energyReports.shares.link')}
          data-testid="share-url"
          onFocus={(e) => e.target.select()}
        />
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('energyReports.shares.copy')}
        </Button>
      </Space.Compact>
    </Modal>
  );
}
