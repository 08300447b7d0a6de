import { useEffect } from 'react';
import { Button, Flex, Result, Segmented, Space, Spin, Typography } from 'antd';
import { FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatInstant } from '@sbuilding/shared';
import { currentLanguage, LANGUAGES, requestLang, setLanguage, type Language } from '@/lib/i18n';
import { useSharedView } from '../api/reports';
import { ReportView } from '../components/report-view';
import { BillView } from './bills-page';

const LABEL_KEYS: Record<Language, string> = { en: 'languages.en', 'zh-CN': 'languages.zhCN' };

/**
 * The shared report's or bill's files, in the page's language: plain links to the public file call (no
 * session; the server names the file as the console names a bill), a bill as PDF and .xlsx, a report as PDF.
 */
function ShareFiles({ token, kind }: { token: string; kind: 'report' | 'bill' }) {
  const { t } = useTranslation();
  const href = (format: 'pdf' | 'xlsx') =>
    `/sbuilding/public/share/${encodeURIComponent(token)}/file?format=${format}&lang=${requestLang()}`;
  return (
    <Space wrap>
      <Button icon={<FilePdfOutlined aria-hidden />} href={href('pdf')} download>
        {t('energyReports.share.download', { format: 'PDF' })}
      </Button>
      {kind === 'bill' && (
        <Button icon={<FileExcelOutlined aria-hidden />} href={href('xlsx')} download>
          {t('energyReports.share.download', { format: '.xlsx' })}
        </Button>
      )}
    </Space>
  );
}

/**
 * /share/:token, outside the signed-in layout: the one report or bill a share link opens, read-only, and
 * nothing else (no menu, no links into the console). Any token the server does not answer for (unknown,
 * expired, revoked) reads the same.
 */
export function SharePage() {
  const { t, i18n } = useTranslation();
  const { token = '' } = useParams();
  const view = useSharedView(token);
  const title = view.data
    ? view.data.report
      ? t('energyReports.share.reportTitle', { project: view.data.projectName })
      : t('energyReports.share.billTitle', { project: view.data.projectName })
    : t('energyReports.share.title');
  useEffect(() => {
    document.title = title;
  }, [title]);

  let body;
  if (view.isPending) body = <Spin className="sb-page-spinner" />;
  else if (view.isError || !view.data)
    body = (
      <Result
        status="404"
        title={t('energyReports.share.goneTitle')}
        subTitle={t('energyReports.share.gone')}
      />
    );
  else {
    const data = view.data;
    const zone = data.report?.timeZone ?? data.bill?.timeZone ?? 'UTC';
    body = (
      <Flex vertical gap="middle">
        <Flex justify="space-between" align="center" wrap gap="small">
          <Typography.Text type="secondary" data-testid="share-expiry">
            {t('energyReports.share.readOnly', {
              at: formatInstant(data.expiresAt, zone, i18n.language, 'dateTime'),
            })}
          </Typography.Text>
          <ShareFiles token={token} kind={data.kind} />
        </Flex>
        {data.report && <ReportView report={data.report} />}
        {data.bill && <BillView bill={data.bill} />}
      </Flex>
    );
  }
  return (
    <main className="sb-share-page" style={{ maxWidth: 1200, margin: '0 auto', padding: 24 }}>
      <Flex vertical gap="middle">
        <Flex justify="space-between" align="center" wrap gap="middle">
          <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
            {title}
          </Typography.Title>
          <Segmented<Language>
            aria-label={t('common.language')}
            value={currentLanguage()}
            onChange={(lng) => void setLanguage(lng)}
            options={LANGUAGES.map((lng) => ({ value: lng, label: t(LABEL_KEYS[lng]) }))}
          />
        </Flex>
        {body}
      </Flex>
    </main>
  );
}

export default SharePage;
