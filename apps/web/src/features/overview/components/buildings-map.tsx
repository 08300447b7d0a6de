import { useTranslation } from 'react-i18next';
import type { OverviewBuilding } from '@sbuilding/shared';
import { EChart } from '@/components/echart';
import { DARK_MAP } from '../map/dark-colours';
import { LAND_MAP } from '../map/land-map';
import { BAND_COLOURS, onlineShare, shareBand } from './format';

/** The smallest area the map shows around the buildings (degrees): a campus alone would be a blank close-up. */
const MIN_HALF_LON = 6;
const MIN_HALF_LAT = 4;

type Placed = OverviewBuilding & { longitude: number; latitude: number };

export function isPlaced(b: OverviewBuilding): b is Placed {
  return b.longitude !== null && b.latitude !== null;
}

/** The map's bounds: around every building, padded, never closer than the minimum area. */
function boundsOf(placed: readonly Placed[]): number[][] {
  const lons = placed.map((b) => b.longitude);
  const lats = placed.map((b) => b.latitude);
  const [minLon, maxLon] = [Math.min(...lons), Math.max(...lons)];
  const [minLat, maxLat] = [Math.min(...lats), Math.max(...lats)];
  const lon = (minLon + maxLon) / 2;
  const lat = (minLat + maxLat) / 2;
  const halfLon = Math.max(((maxLon - minLon) / 2) * 1.3, MIN_HALF_LON);
  const halfLat = Math.max(((maxLat - minLat) / 2) * 1.3, MIN_HALF_LAT);
  return [
    [Math.max(lon - halfLon, -180), Math.min(lat + halfLat, 90)],
    [Math.min(lon + halfLon, 180), Math.max(lat - halfLat, -90)],
  ];
}

/**
 * The project's buildings pinned on the dark map, each coloured and labelled by its share of devices online
 * (the label carries the figure, so colour is never the only sign). Only placed buildings: the page lists the
 * others.
 */
export function BuildingsMap({
  buildings,
  height = 420,
}: {
  buildings: readonly OverviewBuilding[];
  height?: number;
}) {
  const { t } = useTranslation();
  const placed = buildings.filter(isPlaced);
  const items = placed.map((b) =>
    t('overview.map.item', { name: b.name, online: b.devices.online, total: b.devices.total }),
  );
  const label = t('overview.map.summary', { count: placed.length, items: items.join('; ') });
  const pin = (b: Placed) => {
    const share = onlineShare(b.devices);
    return share === null
      ? t('overview.map.pinNone', { name: b.name })
      : t('overview.map.pin', { name: b.name, share });
  };
  return (
    <EChart
      height={height}
      label={label}
      empty={placed.length === 0}
      option={{
        backgroundColor: DARK_MAP.sea,
        geo: {
          map: LAND_MAP,
          roam: true,
          boundingCoords: boundsOf(placed),
          silent: true,
          itemStyle: { areaColor: DARK_MAP.land, borderColor: DARK_MAP.border, borderWidth: 1 },
          label: { show: false },
        },
        series: [
          {
            type: 'scatter',
            coordinateSystem: 'geo',
            symbolSize: 16,
            labelLayout: { moveOverlap: 'shiftY' },
            label: {
              show: true,
              position: 'right',
              color: DARK_MAP.text,
              backgroundColor: DARK_MAP.labelBackground,
              padding: [2, 6],
              borderRadius: 4,
              formatter: (p) => {
                const b = placed[p.dataIndex];
                return b ? pin(b) : '';
              },
            },
            data: placed.map((b, i) => ({
              name: b.name,
              // Neighbours on one campus share a spot at this scale: their labels go to either side.
              label: { position: i % 2 === 0 ? 'right' : 'left' },
              value: [b.longitude, b.latitude],
              itemStyle: {
                color: BAND_COLOURS[shareBand(onlineShare(b.devices))],
                borderColor: '#ffffff',
                borderWidth: 1,
              },
            })),
          },
        ],
      }}
    />
  );
}
