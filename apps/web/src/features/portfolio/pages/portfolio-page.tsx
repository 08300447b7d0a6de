import { useState, type ReactNode } from 'react';
import { Alert as Notice, DatePicker, Empty, Flex, Segmented, Spin, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  ENERGY_PERIODS,
  type EnergyPeriod,
  type PortfolioProject,
  type PortfolioQueryInput,
} from '@sbuilding/shared';
import { usePortfolio } from '../api/get-portfolio';
import { PortfolioChart } from '../components/portfolio-chart';
import { PortfolioTable } from '../components/portfolio-table';

const PICKERS: Record<EnergyPeriod, 'date' | 'week' | 'month' | 'year'> = {
  DAY: 'date',
  WEEK: 'week',
  MONTH: 'month',
  YEAR: 'year',
};

/**
 * /energy/portfolio: every project of the tenant (every tenant's, grouped by tenant, for the platform
 * administrator) with its buildings: kWh, kWh/m², cost, carbon and peak demand, this period against the
 * previous one (up to the same moment while it runs), ranked in a chart and a sortable table.
 */
export default function PortfolioPage() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<EnergyPeriod>('MONTH');
  // No date until one is picked: each project's own today (its time zone).
  const [date, setDate] = useState<Dayjs | null>(null);
  const query: PortfolioQueryInput = {
    period,
    ...(date === null ? {} : { anchor: date.format('YYYY-MM-DD') }),
  };
  const portfolio = usePortfolio(query);
  const data = portfolio.data;

  let body: ReactNode;
  if (portfolio.isError && !data) body = <Notice type="error" showIcon title={portfolio.error.message} />;
  else if (!data) body = <Spin className="sb-page-spinner" />;
  else if (data.projects.length === 0) body = <Empty description={t('portfolio.empty')} />;
  else {
    const tenants = new Map<number, { name: string; projects: PortfolioProject[] }>();
    for (const p of data.projects) {
      const group = tenants.get(p.tenantId) ?? { name: p.tenantName, projects: [] };
      group.projects.push(p);
      tenants.set(p.tenantId, group);
    }
    const first = data.projects[0];
    const cut = data.projects.find((p) => p.comparedUntil !== null)?.comparedUntil;
    body = (
      <>
        {first && (
          <Flex vertical>
            <Typography.Text data-testid="portfolio-range">
              {t('portfolio.range', {
                from: first.current.from,
                to: first.current.to,
                previousFrom: first.previousRange.from,
                previousTo: first.previousRange.to,
              })}
            </Typography.Text>
            {cut && (
              <Typography.Text type="secondary" data-testid="portfolio-compared-until">
                {t('portfolio.comparedUntil', cut)}
              </Typography.Text>
            )}
          </Flex>
        )}
        <PortfolioChart portfolio={data} />
        {[...tenants].map(([tenantId, group]) => (
          <PortfolioTable
            key={tenantId}
            title={tenants.size > 1 ? t('portfolio.tenant', { name: group.name }) : t('portfolio.projects')}
            projects={group.projects}
          />
        ))}
      </>
    );
  }

  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="middle">
        <Typography.Title level={1} className="sb-page-title">
          {t('routes.energyPortfolio')}
        </Typography.Title>
        <Flex gap="middle" wrap align="center">
          <Segmented<EnergyPeriod>
            aria-label={t('energy.period')}
            value={period}
            options={ENERGY_PERIODS.map((p) => ({ value: p, label: t(`energy.periods.${p}`) }))}
            onChange={setPeriod}
          />
          <DatePicker
            aria-label={t('energy.date')}
            picker={PICKERS[period]}
            value={date}
            placeholder={t('portfolio.today')}
            onChange={(d: Dayjs | null) => setDate(d)}
          />
        </Flex>
      </Flex>
      <Typography.Paragraph type="secondary">{t('portfolio.intro')}</Typography.Paragraph>
      {body}
    </Flex>
  );
}
