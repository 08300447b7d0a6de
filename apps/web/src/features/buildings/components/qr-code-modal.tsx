import { useEffect, useState } from 'react';
import { Alert, Button, Modal, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Building } from '@sbuilding/shared';
import { saveBlob } from '@/lib/save-blob';
import { getQrCode, useQrCode, type QrFormat } from '../api/get-qr-code';

/** The link the QR code encodes: the console's own origin, as the server builds it from the request. */
export function miniProgramUrl(hallId: number, origin: string = window.location.origin): string {
  return `${origin}/wxProgram?hallId=${hallId}`;
}

/** The download's file name: the building's name made safe for every file system. */
export function qrFileName(building: Pick<Building, 'id' | 'name'>, format: QrFormat): string {
  const safe = building.name.replace(/[\\/:*?"<>|\s]+/g, '_').replace(/^_+|_+$/g, '');
  return `${safe || 'building'}-${building.id}-qrcode.${format}`;
}

/** The picture as a data: URL (nothing to revoke), only while it is the blob asked for. */
function useDataUrl(blob: Blob | undefined): string | null {
  const [read, setRead] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!blob) return undefined;
    let live = true;
    const reader = new FileReader();
    reader.onload = () => {
      if (live && typeof reader.result === 'string') setRead({ blob, url: reader.result });
    };
    reader.readAsDataURL(blob);
    return () => {
      live = false;
    };
  }, [blob]);
  return read && read.blob === blob ? read.url : null;
}

/** The mini-program binding of a building: its QR code (fetched with the token), the link and downloads. */
export function QrCodeModal({ building, onClose }: { building: Building | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qr = useQrCode(building?.miniProgramEnabled ? building.id : null);
  const src = useDataUrl(qr.data);
  const [downloading, setDownloading] = useState<QrFormat | null>(null);

  const download = async (format: QrFormat) => {
    if (!building) return;
    setDownloading(format);
    try {
      const blob = format === 'png' && qr.data ? qr.data : await getQrCode(building.id, format);
      saveBlob(blob, qrFileName(building, format));
    } catch {
      // The request client has shown why.
    } finally {
      setDownloading(null);
    }
  };

  const body = () => {
    if (!building) return null;
    if (!building.miniProgramEnabled)
      return <Alert type="info" title={t('buildings.qr.disabled')} showIcon />;
    if (qr.isError) return <Alert type="error" title={t('buildings.qr.failed')} showIcon />;
    if (!src)
      return (
        <div role="status">
          <Spin />
          <span className="sb-visually-hidden">{t('buildings.qr.loading')}</span>
        </div>
      );
    return <img src={src} alt={t('buildings.qr.alt', { name: building.name })} className="sb-qr-image" />;
  };

  return (
    <Modal
      open={building !== null}
      title={t('buildings.qr.title', { name: building?.name ?? '' })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      {building ? (
        <Space orientation="vertical" size="middle" className="sb-qr-body">
          {body()}
          <div>
            <Typography.Text strong>{t('buildings.qr.link')}</Typography.Text>{' '}
            <Typography.Text copyable code data-testid="qr-link">
              {miniProgramUrl(building.id)}
            </Typography.Text>
          </div>
          {building.miniProgramEnabled ? (
            <Space wrap>
              <Button type="primary" loading={downloading === 'png'} onClick={() => void download('png')}>
                {t('buildings.qr.downloadPng')}
              </Button>
              <Button loading={downloading === 'svg'} onClick={() => void download('svg')}>
                {t('buildings.qr.downloadSvg')}
              </Button>
            </Space>
          ) : null}
        </Space>
      ) : null}
    </Modal>
  );
}
