import { useState, type ReactNode } from 'react';
import { Alert as Notice, App, Button, Col, Empty, Flex, Row, Spin, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { EnergyQueryInput } from '@sbuilding/shared';
import { NoProject } from '@/components/no-project';
import { FaultWasteCard } from '@/features/fdd';
import { useCurrentProject } from '@/lib/current-project';
import { useEnergyBoard } from '../api/get-energy-board';
import { useExportEnergy } from '../api/export-energy';
import { useEnergySavings } from '../api/get-energy-savings';
import { useEnergyCost } from '../api/get-energy-cost';
import { useEnergyDemand } from '../api/get-energy-demand';
import { useSavingsCheck } from '../api/get-savings-check';
import { EnergyCostPeriods } from '../components/energy-cost-periods';
import { ChannelTable } from '../components/channel-table';
import { EnergyBreakdown } from '../components/energy-breakdown';
import { EnergyCurve } from '../components/energy-curve';
import { EnergyFilters, type EnergyFilterValues } from '../components/energy-filters';
import { EnergyKpis } from '../components/energy-kpis';
import { PeakDemand } from '../components/peak-demand';
import { SavingsCheckCard } from '../components/savings-check';
import { TopConsumers } from '../components/top-consumers';
import { useLiveEnergy } from '../hooks/use-live-energy';

/**
 * /board/energy (Energyboard): the current project's consumption for a day, week, month or year beside the
 * previous one (spec section 9), its curve, the breakdown by building and floor, every ammeter channel, the
 * largest consumers and the table's export. All figures come from one call summed from the rollups.
 */
export default function EnergyPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const projectId = useCurrentProject();
  // No date until one is picked: the server takes the project's today (its time zone may not be the browser's).
  const [filters, setFilters] = useState<EnergyFilterValues>({ period: 'DAY', date: null });
  const query: EnergyQueryInput = {
    projectId: projectId ?? 0,
    period: filters.period,
    ...(filters.date === null ? {} : { anchor: filters.date.format('YYYY-MM-DD') }),
    ...(filters.buildingId === undefined ? {} : { buildingId: filters.buildingId }),
  };
  const board = useEnergyBoard(query, projectId !== null);
  const savings = useEnergySavings(query, projectId !== null);
  const cost = useEnergyCost(query, projectId !== null);
  const check = useSavingsCheck(query, projectId !== null);
  const demand = useEnergyDemand(query, projectId !== null);
  const exporter = useExportEnergy();
  useLiveEnergy(board.data);

  const title = (
    <Typography.Title level={1} className="sb-page-title">
      {t('routes.energy')}
    </Typography.Title>
  );
  if (projectId === null) {
    return (
      <Flex vertical gap="middle">
        {title}
        <NoProject />
      </Flex>
    );
  }
  const data = board.data;
  const onExport = () =>
    exporter.mutate(query, {
      onError: (error) => message.error(error instanceof Error ? error.message : t('energy.exportFailed')),
    });
  const exportButton = (
    <Button icon={<ExportOutlined />} loading={exporter.isPending} disabled={!data} onClick={onExport}>
      {t('energy.export')}
    </Button>
  );

  let body: ReactNode;
  if (board.isError && !data) {
    body = <Notice type="error" showIcon title={board.error.message} />;
  } else if (!data) {
    body = <Spin className="sb-page-spinner" />;
  } else if (data.buildingOptions.length === 0) {
    body = <Empty description={t('boards.noBuilding')} />;
  } else {
    body = (
      <>
        <EnergyKpis board={data} savings={savings.data} cost={cost.data} />
        {demand.data && <PeakDemand board={data} demand={demand.data} />}
        {check.data && <SavingsCheckCard check={check.data} />}
        <FaultWasteCard projectId={projectId} buildingId={filters.buildingId} />
        {cost.data && !cost.data.hasTariff && (
          <Notice type="info" showIcon title={t('energyBilling.noTariffBoard')} />
        )}
        <EnergyCurve board={data} />
        {cost.data?.hasTariff && <EnergyCostPeriods cost={cost.data} />}
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={14}>
            <EnergyBreakdown board={data} cost={cost.data} />
          </Col>
          <Col xs={24} xl={10}>
            <TopConsumers board={data} cost={cost.data} />
          </Col>
        </Row>
        <ChannelTable board={data} cost={cost.data} extra={exportButton} />
      </>
    );
  }

  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="middle">
        {title}
        <EnergyFilters
          value={{ ...filters, date: filters.date ?? (data ? dayjs(data.anchor) : null) }}
          buildings={data?.buildingOptions ?? []}
          onChange={setFilters}
        />
      </Flex>
      {body}
    </Flex>
  );
}
