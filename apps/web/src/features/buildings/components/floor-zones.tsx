import { useState } from 'react';
import { Button, Empty, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Floor, Zone, ZoneShape } from '@sbuilding/shared';
import { useZones } from '../api/list-zones';
import { usePlanNames } from '../api/get-plan-names';
import { PlanView, type DrawMode } from './plan-view';
import { ZoneFormModal } from './zone-form-modal';
import { ZoneList } from './zone-list';

type ZoneForm = { zone: Zone | null; drawn: ZoneShape | null } | null;

/** A floor's plan with its zones: draw one (rectangle or polygon) or add it through the form. */
export function FloorZones({ floor }: { floor: Floor }) {
  const { t } = useTranslation();
  const zones = useZones(floor.id);
  const planNames = usePlanNames(floor.planUrl);
  const [mode, setMode] = useState<DrawMode>('select');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [formState, setFormState] = useState<ZoneForm>(null);
  const rows = zones.data?.rows ?? [];

  const modeButton = (value: DrawMode, label: string) => (
    <Button
      type={mode === value ? 'primary' : 'default'}
      aria-pressed={mode === value}
      onClick={() => setMode(mode === value ? 'select' : value)}
    >
      {label}
    </Button>
  );

  return (
    <section aria-labelledby={`sb-zones-${floor.id}`} className="sb-floor-zones">
      <Typography.Title level={3} id={`sb-zones-${floor.id}`}>
        {t('buildings.zone.heading', { name: floor.name })}
      </Typography.Title>
      <Space wrap className="sb-toolbar">
        {floor.planUrl ? modeButton('rect', t('buildings.plan.drawRect')) : null}
        {floor.planUrl ? modeButton('polygon', t('buildings.plan.drawPolygon')) : null}
        <Button onClick={() => setFormState({ zone: null, drawn: null })}>{t('buildings.zone.add')}</Button>
      </Space>
      {floor.planUrl ? (
        <PlanView
          planUrl={floor.planUrl}
          planViewBox={floor.planViewBox}
          floorName={floor.name}
          zones={rows}
          selectedId={selectedId}
          onSelect={setSelectedId}
          mode={mode}
          onDrawn={(shape) => {
            setMode('select');
            setFormState({ zone: null, drawn: shape });
          }}
          onCancel={() => setMode('select')}
          pending={formState?.drawn ?? null}
          planNames={planNames}
        />
      ) : (
        <Empty description={t('buildings.plan.none')} />
      )}
      <ZoneList
        zones={rows}
        loading={zones.isLoading}
        selectedId={selectedId}
        onSelect={setSelectedId}
        onEdit={(zone) => setFormState({ zone, drawn: null })}
      />
      <ZoneFormModal
        open={formState !== null}
        floorId={floor.id}
        zone={formState?.zone ?? null}
        drawn={formState?.drawn ?? null}
        onClose={(saved) => {
          setFormState(null);
          if (saved) setSelectedId(saved.id);
        }}
      />
    </section>
  );
}
