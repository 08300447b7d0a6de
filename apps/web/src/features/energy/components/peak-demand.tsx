import './energy.css';
import { Card, Col, Flex, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EnergyBoard, EnergyDemand } from '@sbuilding/shared';

/**
 * The period's peak demand beside the kWh, cost and carbon (issue 22): the highest 15-minute average kW of
 * the board's scope (the project or the chosen building) and when, and of each building and floor.
 */
export function PeakDemand({ board, demand }: { board: EnergyBoard; demand: EnergyDemand }) {
  const { t, i18n } = useTranslation();
  const kw = (v: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(v);
  const places = board.buildings.flatMap((b) => [
    {
      key: `b${b.buildingId}`,
      name: b.name,
      peak: demand.buildings.find((x) => x.buildingId === b.buildingId)?.peak ?? null,
    },
    ...b.floors.map((f) => ({
      key: `f${b.buildingId}-${f.floorId ?? ''}`,
      name: `${b.name} / ${f.name || t('energy.noFloor')}`,
      peak: demand.floors.find((x) => x.buildingId === b.buildingId && x.floorId === f.floorId)?.peak ?? null,
    })),
  ]);
  return (
    <Card title={t('portfolio.peakDemand')}>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Statistic
            title={t('portfolio.peakIntro')}
            value={demand.peak ? kw(demand.peak.kw) : '—'}
            suffix={demand.peak ? 'kW' : undefined}
          />
          <Typography.Text type="secondary" data-testid="energy-peak">
            {demand.peak ? t('portfolio.peakAt', { at: demand.peak.at }) : t('portfolio.peakNone')}
          </Typography.Text>
        </Col>
        <Col xs={24} md={16}>
          <ul aria-label={t('portfolio.peakByPlace')} className="sb-peak-list">
            {places.map((p) => (
              <li key={p.key}>
                <Flex justify="space-between" gap="middle">
                  <span>{p.name}</span>
                  <span>
                    {p.peak
                      ? t('portfolio.peakOf', { kw: kw(p.peak.kw), at: p.peak.at })
                      : t('portfolio.noPeak')}
                  </span>
                </Flex>
              </li>
            ))}
          </ul>
        </Col>
      </Row>
    </Card>
  );
}
