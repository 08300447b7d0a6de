import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OverviewBuilding } from '@sbuilding/shared';
import type { Pin, VectorMap } from '../map/vector-map';
import { isPlaced } from './buildings-map';
import { BAND_COLOURS, onlineShare, shareBand } from './format';

/**
 * The buildings on the configured vector-tile style (MAP_STYLE_URL) under the dark rules. MapLibre is loaded
 * here, by a dynamic import, and only when this component is shown. The element is a figure named with the
 * same summary as the offline map (every building and its devices online), the canvas inside it is MapLibre's
 * own (keyboard: arrows move, + and - zoom), and the buildings' table below says it all in text.
 */
export function VectorBuildingsMap({
  styleUrl,
  buildings,
  onFail,
  height = 420,
}: {
  styleUrl: string;
  buildings: readonly OverviewBuilding[];
  onFail: (reason: string) => void;
  height?: number;
}) {
  const { t, i18n } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<VectorMap | null>(null);
  // The map made for this style and language has loaded.
  const key = `${styleUrl} ${i18n.language}`;
  const [readyKey, setReadyKey] = useState<string | null>(null);
  const ready = readyKey === key;

  const placed = buildings.filter(isPlaced);
  const pins: Pin[] = placed.map((b) => {
    const share = onlineShare(b.devices);
    return {
      longitude: b.longitude,
      latitude: b.latitude,
      colour: BAND_COLOURS[shareBand(share)],
      label:
        share === null
          ? t('overview.map.pinNone', { name: b.name })
          : t('overview.map.pin', { name: b.name, share }),
    };
  });
  const items = placed.map((b) =>
    t('overview.map.item', { name: b.name, online: b.devices.online, total: b.devices.total }),
  );
  const label = t('overview.map.summary', { count: placed.length, items: items.join('; ') });

  // The latest pins and callback, for a map that finishes loading after they changed.
  const latest = useRef({ pins, onFail });
  useLayoutEffect(() => {
    latest.current = { pins, onFail };
  });
  const pinsKey = JSON.stringify(pins);

  useEffect(() => {
    let cancelled = false;
    let created: VectorMap | null = null;
    import('../map/vector-map')
      .then(({ createVectorMap }) => {
        if (cancelled || !element.current) return;
        created = createVectorMap({
          container: element.current,
          styleUrl,
          pins: latest.current.pins,
          locale: {
            'Map.Title': t('overview.map.canvas'),
            'NavigationControl.ZoomIn': t('overview.map.zoomIn'),
            'NavigationControl.ZoomOut': t('overview.map.zoomOut'),
            'AttributionControl.ToggleAttribution': t('overview.map.attribution'),
            'AttributionControl.MapFeedback': t('overview.map.feedback'),
          },
          onReady: () => {
            if (!cancelled) setReadyKey(key);
          },
          onFail: (reason) => {
            if (!cancelled) latest.current.onFail(reason);
          },
        });
        map.current = created;
      })
      // The chunk itself did not load (a deploy replaced it, the network dropped): the offline map.
      .catch((error: unknown) => {
        if (!cancelled) latest.current.onFail(error instanceof Error ? error.message : 'chunk');
      });
    return () => {
      cancelled = true;
      created?.remove();
      map.current = null;
    };
    // The map is made once per style and language (its UI strings); pins follow through setPins.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  useEffect(() => {
    map.current?.setPins(latest.current.pins);
  }, [pinsKey]);

  return (
    <div
      role="figure"
      aria-label={label}
      aria-busy={!ready}
      data-map="vector"
      data-state={ready ? 'ready' : 'loading'}
      className="sb-overview-vector-map"
      style={{ height }}
    >
      {/* MapLibre's own element: it adds its classes and children, which React never renders over. */}
      <div ref={element} className="sb-overview-vector-map-canvas" />
    </div>
  );
}
