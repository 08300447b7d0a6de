import { Card, Col, Empty, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Overview } from '@sbuilding/shared';
import { BuildingList } from './building-list';
import { isPlaced } from './buildings-map';
import { AlertsChart, EnergyTodayChart } from './charts';
import { OverviewKpis } from './overview-kpis';
import { OverviewMap } from './overview-map';
import './overview.css';

/**
 * The overview's figures and charts, shared by /board/index and the display dashboard: KPIs, the buildings on
 * the map (or as a list when none has a place), today's energy against yesterday's, open alerts by level, and
 * the buildings' table (the map's figures for anyone not seeing it).
 */
export function OverviewBoard({ overview, dark = false }: { overview: Overview; dark?: boolean }) {
  const { t } = useTranslation();
  if (overview.buildings.length === 0) return <Empty description={t('boards.noBuilding')} />;
  const placed = overview.buildings.some(isPlaced);
  const list = <BuildingList buildings={overview.buildings} caption={t('overview.list.caption')} />;
  return (
    <Flex vertical gap="middle">
      <OverviewKpis overview={overview} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          {placed ? (
            <Card title={t('overview.map.title')} className="sb-overview-map">
              <OverviewMap buildings={overview.buildings} styleUrl={overview.mapStyleUrl} />
              <Typography.Paragraph type="secondary" className="sb-overview-legend">
                {t('overview.map.legend')}
              </Typography.Paragraph>
            </Card>
          ) : (
            <Card title={t('overview.list.title')}>
              <Typography.Paragraph type="secondary">{t('overview.list.noPlace')}</Typography.Paragraph>
              {list}
            </Card>
          )}
        </Col>
        <Col xs={24} xl={10}>
          <Flex vertical gap="middle">
            <EnergyTodayChart overview={overview} dark={dark} />
            <AlertsChart overview={overview} dark={dark} />
          </Flex>
        </Col>
      </Row>
      {placed ? <Card title={t('overview.list.title')}>{list}</Card> : null}
    </Flex>
  );
}
