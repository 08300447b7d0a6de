import {
  Map as MapLibreMap,
  NavigationControl,
  type GeoJSONSource,
  type StyleSpecification,
} from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { FeatureCollection, Point } from 'geojson';
import { DARK_MAP } from './dark-colours';
import { applyDarkRules } from './dark-rules';
import { absoluteUrls } from './style-urls';

/*
 * The overview's map on a vector-tile style (MAP_STYLE_URL), drawn by MapLibre GL under section 9's dark rules.
 * Only a dynamic import reaches this module (see components/vector-buildings-map.tsx): MapLibre and its CSS are
 * a chunk of their own, loaded when a style is configured, never by the login page or the offline map.
 */

/** A building's pin: where, its label (name and share online) and its colour (the share's band). */
export interface Pin {
  longitude: number;
  latitude: number;
  label: string;
  colour: string;
}

export interface VectorMapOptions {
  container: HTMLElement;
  styleUrl: string;
  pins: readonly Pin[];
  /** MapLibre's UI strings (its keys: 'Map.Title', 'NavigationControl.ZoomIn', ...), in the console's language. */
  locale: Record<string, string>;
  /** The style has loaded and the pins are on it. */
  onReady: () => void;
  /** The style could not be loaded (or the browser has no WebGL): the console falls back to the bundled map. */
  onFail: (reason: string) => void;
}

export interface VectorMap {
  setPins(pins: readonly Pin[]): void;
  remove(): void;
}

/** As long as a call may take (spec section 9's HTTP timeout): a style not loaded by then counts as failed. */
export const STYLE_TIMEOUT_MS = 10_000;

const SOURCE = 'sb-buildings';

function collection(pins: readonly Pin[]): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: pins.map((p) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [p.longitude, p.latitude] },
      properties: { label: p.label, colour: p.colour },
    })),
  };
}

/** Around every pin, never closer than a campus (a lone building is shown with its streets). */
function boundsOf(pins: readonly Pin[]): [[number, number], [number, number]] {
  const lons = pins.map((p) => p.longitude);
  const lats = pins.map((p) => p.latitude);
  return [
    [Math.min(...lons), Math.min(...lats)],
    [Math.max(...lons), Math.max(...lats)],
  ];
}

/** The font of the style's own labels: the pins' labels need one its glyph server has. */
function labelFont(style: StyleSpecification): string[] | null {
  if (!style.glyphs) return null;
  for (const layer of style.layers) {
    if (layer.type !== 'symbol') continue;
    const font: unknown = layer.layout?.['text-font'];
    if (Array.isArray(font) && font.length > 0 && font.every((f) => typeof f === 'string')) return font;
  }
  return null;
}

export function createVectorMap(options: VectorMapOptions): VectorMap {
  const { container, styleUrl, locale, onReady, onFail } = options;
  let pins = options.pins;
  let settled = false;
  let font: string[] | null = null;
  const fail = (reason: string) => {
    if (settled) return;
    settled = true;
    onFail(reason);
  };

  let map: MapLibreMap;
  try {
    map = new MapLibreMap({
      container,
      locale,
      bounds: pins.length > 0 ? boundsOf(pins) : undefined,
      fitBoundsOptions: { padding: 48, maxZoom: 15 },
      attributionControl: { compact: true },
      dragRotate: false,
      pitchWithRotate: false,
    });
  } catch (error) {
    // No WebGL (an old browser, a locked-down wall screen): MapLibre cannot draw at all.
    fail(error instanceof Error ? error.message : 'WebGL unavailable');
    return { setPins: () => undefined, remove: () => undefined };
  }
  map.touchZoomRotate.disableRotation();
  map.keyboard.disableRotation();
  map.addControl(new NavigationControl({ showCompass: false }), 'top-right');

  const timer = setTimeout(() => fail('style timeout'), STYLE_TIMEOUT_MS);
  map.on('error', (event) => {
    // Until the map has loaded, an error of the style, its sprite or glyphs or a source's TileJSON means no map
    // (fail does nothing after the load). A missing tile, then or later, leaves the map usable.
    if ('tile' in event) return;
    fail(event.error.message);
  });
  map.setStyle(styleUrl, {
    transformStyle: (_previous, next) => {
      const dark = applyDarkRules(absoluteUrls(next, styleUrl));
      font = labelFont(dark);
      return dark;
    },
  });
  map.on('load', () => {
    clearTimeout(timer);
    if (settled) return;
    settled = true;
    map.addSource(SOURCE, { type: 'geojson', data: collection(pins) });
    map.addLayer({
      id: `${SOURCE}-pin`,
      type: 'circle',
      source: SOURCE,
      paint: {
        'circle-radius': 8,
        'circle-color': ['get', 'colour'],
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 1.5,
      },
    });
    if (font)
      map.addLayer({
        id: `${SOURCE}-label`,
        type: 'symbol',
        source: SOURCE,
        layout: {
          'text-field': ['get', 'label'],
          'text-font': font,
          'text-size': 13,
          'text-anchor': 'left',
          'text-offset': [1, 0],
          'text-optional': true,
        },
        paint: { 'text-color': DARK_MAP.text, 'text-halo-color': DARK_MAP.sea, 'text-halo-width': 1.5 },
      });
    onReady();
  });

  return {
    setPins(next) {
      pins = next;
      map.getSource<GeoJSONSource>(SOURCE)?.setData(collection(next));
    },
    remove() {
      clearTimeout(timer);
      settled = true;
      map.remove();
    },
  };
}
