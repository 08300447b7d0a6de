import { Alert, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface CreatedKeyModalProps {
  /** The new key; null closes the dialog. */
  apiKey: string | null;
  onClose: () => void;
}

/** Shows a new key the one time it exists outside the caller's hands: the server keeps only its hash. */
export function CreatedKeyModal({ apiKey, onClose }: CreatedKeyModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={apiKey !== null}
      title={t('apiKeys.createdTitle')}
      onOk={onClose}
      onCancel={onClose}
      okText={t('apiKeys.done')}
      cancelButtonProps={{ style: { display: 'none' } }}
      mask={{ closable: false }}
    >
      <Alert type="warning" showIcon title={t('apiKeys.createdWarning')} style={{ marginBottom: 16 }} />
      <Typography.Paragraph
        code
        copyable={{ text: apiKey ?? '', tooltips: [t('apiKeys.copy'), t('apiKeys.copied')] }}
        aria-label={t('apiKeys.theKey')}
        style={{ wordBreak: 'break-all' }}
      >
        {apiKey}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('apiKeys.howToUse')}</Typography.Paragraph>
    </Modal>
  );
}
