import { App, Button, Card, Flex, Progress, Typography } from 'antd';
import { CloudDownloadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/lib/permissions';
import { useDownloadBackup } from '../api/download-backup';

/**
 * The platform's backup (issue 36), for the platform administrator's session: one button, and a progress bar
 * while the archive comes down. `npm run restore -- <file>` brings it back on an empty installation.
 */
export function BackupCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const allowed = useCan('platform:backup');
  const [share, setShare] = useState<number | null>(null);
  const download = useDownloadBackup(setShare);
  if (!allowed) return null;

  const onDownload = () => {
    setShare(0);
    download.mutate(undefined, {
      onSuccess: () => message.success(t('backup.done')),
      onSettled: () => setShare(null),
    });
  };

  return (
    <Card title={t('backup.title')}>
      <Flex vertical gap="middle">
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('backup.description')}
        </Typography.Paragraph>
        <div>
          <Button icon={<CloudDownloadOutlined />} loading={download.isPending} onClick={onDownload}>
            {download.isPending ? t('backup.downloading') : t('backup.download')}
          </Button>
        </div>
        {share !== null && (
          <Progress percent={Math.round(share * 100)} status="active" aria-label={t('backup.progress')} />
        )}
      </Flex>
    </Card>
  );
}
