import { useState } from 'react';
import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { BuildingSelect, FloorSelect } from '@/components/location-select';
import { useFloorZones, useZonePlace } from '../api/ac-targets';

export interface ZoneChooserProps {
  projectId: number;
  id?: string;
  /** Shown while the config's zone is not found on a chosen floor. */
  currentName?: string;
  /** Injected by the Form.Item. */
  value?: number | null;
  onChange?: (zoneId: number | null) => void;
}

/**
 * The zone whose occupancy the config follows: building, floor, then the floor's zone. An edited config
 * shows its zone in its building and floor until another is chosen.
 */
export function ZoneChooser({ projectId, id, currentName, value = null, onChange }: ZoneChooserProps) {
  const { t } = useTranslation();
  const [initialZone] = useState(value);
  const place = useZonePlace(initialZone);
  const [chosen, setChosen] = useState<{ buildingId: number | null; floorId: number | null } | null>(null);
  const buildingId = chosen ? chosen.buildingId : (place.data?.buildingId ?? null);
  const floorId = chosen ? chosen.floorId : (place.data?.floorId ?? null);
  const zones = useFloorZones(floorId);
  const rows = zones.data?.rows ?? [];
  const options = rows.map((z) => ({ value: z.id, label: z.name }));
  if (value !== null && !rows.some((z) => z.id === value)) {
    options.unshift({ value, label: currentName || t('acAutomation.currentZone') });
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
        placeholder={t('acAutomation.chooseZone')}
        loading={zones.isLoading && floorId !== null}
        value={value ?? undefined}
        onChange={(z) => onChange?.(z ?? null)}
        options={options}
      />
    </Space>
  );
}
