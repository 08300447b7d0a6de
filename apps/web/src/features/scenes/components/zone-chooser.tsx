import { useState } from 'react';
import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { BuildingSelect, FloorSelect } from '@/components/location-select';
import { useZonePlace } from '../api/get-zone-place';
import { useFloorZones } from '../api/list-zones';

export interface ZoneChooserProps {
  projectId: number;
  id?: string;
  /** Injected by the Form.Item. */
  value?: number | null;
  onChange?: (zoneId: number | null) => void;
}

/**
 * The zone a scene affects: building, floor, then the floor's zone. A scene being edited shows its zone in
 * its building and floor (or as 'the scene's current zone' while that is not known) until another is chosen.
 */
export function ZoneChooser({ projectId, id, value = null, onChange }: ZoneChooserProps) {
  const { t } = useTranslation();
  // The scene's own zone is looked up once to show its building and floor; choices made here win.
  const [initialZone] = useState(value);
  const place = useZonePlace(initialZone);
  const [chosen, setChosen] = useState<{ buildingId: number | null; floorId: number | null } | null>(null);
  const buildingId = chosen ? chosen.buildingId : (place.data?.buildingId ?? null);
  const floorId = chosen ? chosen.floorId : (place.data?.floorId ?? null);
  const zones = useFloorZones(floorId);
  const rows = zones.data?.rows ?? [];
  const options = rows.map((z) => ({ value: z.id, label: z.name }));
  if (value !== null && !rows.some((z) => z.id === value)) {
    options.unshift({ value, label: t('sceneWizard.currentZone') });
  }
  return (
    <Space wrap>
      <BuildingSelect
        projectId={projectId}
        label={t('fields.building')}
        allowClear
        value={buildingId}
        onChange={(b) => setChosen({ buildingId: b, floorId: null })}
      />
      <FloorSelect
        buildingId={buildingId}
        label={t('fields.floor')}
        allowClear
        value={floorId}
        onChange={(f) => setChosen({ buildingId, floorId: f })}
      />
      <Select<number>
        id={id}
        aria-label={t('fields.zoneId')}
        allowClear
        style={{ minWidth: 200 }}
        placeholder={t('sceneWizard.chooseZone')}
        loading={zones.isLoading && floorId !== null}
        value={value ?? undefined}
        onChange={(z) => onChange?.(z ?? null)}
        options={options}
      />
    </Space>
  );
}
