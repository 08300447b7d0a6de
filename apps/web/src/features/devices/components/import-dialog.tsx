import { useState } from 'react';
import { App, Button, Modal, Progress, Radio, Space, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ImportCheck, ImportResult } from '@sbuilding/shared';
import { RequestError } from '@/lib/request';
import { saveBlob } from '@/lib/save-blob';
import { getImportReport, getImportTemplate, useCheckImport, useImportDevices } from '../api/import-devices';
import { CheckCounts, DownloadReportButton, RejectedRows } from './import-results';

const ACCEPTED = /\.(csv|xlsx)$/i;
type Mode = 'all' | 'valid';

/** Import a file of devices: choose it, check every row, then import all rows or none, or only the valid ones. */
export function ImportDialog({ projectId, onClose }: { projectId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [checked, setChecked] = useState<ImportCheck | null>(null);
  const [mode, setMode] = useState<Mode>('all');
  const [result, setResult] = useState<ImportResult | null>(null);
  const [downloading, setDownloading] = useState(false);
  const check = useCheckImport();
  const importDevices = useImportDevices();

  const download = async (fetchFile: () => Promise<Blob>, name: string) => {
    setDownloading(true);
    try {
      saveBlob(await fetchFile(), name);
    } catch {
      // Shown by the request client.
    } finally {
      setDownloading(false);
    }
  };

  const runCheck = async () => {
    if (!file) return;
    setProgress(0);
    setFileError(null);
    try {
      const answer = await check.mutateAsync({ projectId, file, onProgress: setProgress });
      setProgress(100);
      setChecked(answer);
      setMode(answer.invalid > 0 ? 'valid' : 'all');
    } catch (error) {
      setFileError(error instanceof RequestError ? error.message : t('devices.import.failed'));
    }
  };

  const runImport = async () => {
    if (!checked) return;
    try {
      const answer = await importDevices.mutateAsync({ projectId, mode, rows: checked.rows });
      setResult(answer);
      message.success(t('devices.import.imported', { count: answer.imported }));
    } catch {
      // Shown by the request client (e.g. all-or-none refused on a bad row).
    }
  };

  const footer = result
    ? [
        <Button key="close" type="primary" onClick={onClose}>
          {t('common.close')}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        checked ? (
          <Button
            key="import"
            type="primary"
            loading={importDevices.isPending}
            disabled={checked.valid === 0 || (mode === 'all' && checked.invalid > 0)}
            onClick={() => void runImport()}
          >
            {t('devices.import.run')}
          </Button>
        ) : (
          <Button
            key="check"
            type="primary"
            disabled={!file}
            loading={check.isPending}
            onClick={() => void runCheck()}
          >
            {t('devices.import.check')}
          </Button>
        ),
      ];

  return (
    <Modal
      open
      width={760}
      title={t('devices.import.title')}
      onCancel={onClose}
      footer={footer}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Typography.Paragraph>
          {t('devices.import.intro')}{' '}
          <Button
            type="link"
            style={{ padding: 0 }}
            disabled={downloading}
            onClick={() => void download(getImportTemplate, 'device-import-template.xlsx')}
          >
            {t('devices.import.template')}
          </Button>
        </Typography.Paragraph>
        {!checked ? (
          <>
            <Upload
              accept=".csv,.xlsx"
              maxCount={1}
              showUploadList={false}
              beforeUpload={(chosen) => {
                if (!ACCEPTED.test(chosen.name)) {
                  setFile(null);
                  setFileError(t('validation.fileFormat'));
                  return Upload.LIST_IGNORE;
                }
                setFileError(null);
                setFile(chosen);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />}>{t('devices.import.choose')}</Button>
            </Upload>
            {file ? (
              <Typography.Text>{t('devices.import.chosen', { name: file.name })}</Typography.Text>
            ) : null}
            {check.isPending || progress > 0 ? (
              <Progress percent={progress} aria-label={t('devices.import.progress')} />
            ) : null}
            {fileError ? (
              <Typography.Text type="danger" role="alert">
                {fileError}
              </Typography.Text>
            ) : null}
          </>
        ) : null}
        {checked && !result ? (
          <>
            <CheckCounts valid={checked.valid} invalid={checked.invalid} />
            {checked.invalid > 0 ? (
              <RejectedRows rows={checked.results.filter((r) => r.errors.length > 0)} />
            ) : null}
            {checked.reportFileName ? (
              <DownloadReportButton
                loading={downloading}
                onClick={() => {
                  const name = checked.reportFileName ?? '';
                  void download(() => getImportReport(name), name);
                }}
              />
            ) : null}
            <Radio.Group
              value={mode}
              onChange={(e) => setMode(e.target.value === 'valid' ? 'valid' : 'all')}
              aria-label={t('fields.mode')}
              options={[
                { value: 'all', label: t('devices.import.modeAll'), disabled: checked.invalid > 0 },
                { value: 'valid', label: t('devices.import.modeValid') },
              ]}
            />
            {checked.invalid > 0 ? (
              <Typography.Text type="secondary">{t('devices.import.allDisabled')}</Typography.Text>
            ) : null}
          </>
        ) : null}
        {result ? (
          <>
            <Typography.Paragraph role="status">
              {t('devices.import.result', { imported: result.imported, rejected: result.rejected.length })}
            </Typography.Paragraph>
            {result.rejected.length > 0 ? <RejectedRows rows={result.rejected} /> : null}
          </>
        ) : null}
      </Space>
    </Modal>
  );
}
