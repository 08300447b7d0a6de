import { useEffect } from 'react';
import { Flex, Result, Segmented, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatInstant } from '@sbuilding/shared';
import { currentLanguage, LANGUAGES, setLanguage, type Language } from '@/lib/i18n';
import { useSharedView } from '../api/reports';
import { ReportView } from '../components/report-view';
import { BillView } from './bills-page';

const LABEL_KEYS: Record<Language, string> = { en: 'languages.en', 'zh-CN': 'languages.zhCN' };

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
        <Typography.Text type="secondary" data-testid="share-expiry">
          {t('energyReports.share.readOnly', {
            at: formatInstant(data.expiresAt, zone, i18n.language, 'dateTime'),
          })}
        </Typography.Text>
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
