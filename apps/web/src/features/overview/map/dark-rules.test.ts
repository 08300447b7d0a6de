import { describe, expect, it } from 'vitest';
import {
  featureFilter,
  validateStyleMin,
  type LayerSpecification,
  type StyleSpecification,
} from '@maplibre/maplibre-gl-style-spec';
import { DARK_MAP } from './dark-colours';
import { applyDarkRules } from './dark-rules';

/** A small OpenMapTiles-like style (the layers of OSM Bright / Positron that section 9 is about) plus Mapbox-like ones. */
const STYLE: StyleSpecification = {
  version: 8,
  name: 'omt-like',
  glyphs: 'http://127.0.0.1:1/fonts/{fontstack}/{range}.pbf',
  sources: { openmaptiles: { type: 'vector', url: 'http://127.0.0.1:1/tiles.json' } },
  layers: [
    { id: 'background', type: 'background', paint: { 'background-color': '#f8f4f0' } },
    {
      id: 'water',
      type: 'fill',
      source: 'openmaptiles',
      'source-layer': 'water',
      paint: { 'fill-color': '#a0c8f0' },
    },
    {
      id: 'park',
      type: 'fill',
      source: 'openmaptiles',
      'source-layer': 'park',
      paint: { 'fill-color': '#d8e8c8' },
    },
    {
      id: 'water-pattern',
      type: 'fill',
      source: 'openmaptiles',
      'source-layer': 'water',
      paint: { 'fill-translate': [0, 2.5], 'fill-pattern': 'wave' },
    },
    { id: 'building', type: 'fill', source: 'openmaptiles', 'source-layer': 'building', minzoom: 13 },
    {
      id: 'road_motorway_casing',
      type: 'line',
      source: 'openmaptiles',
      'source-layer': 'transportation',
      minzoom: 5,
      filter: ['all', ['==', '$type', 'LineString'], ['==', 'class', 'motorway']],
      paint: { 'line-color': '#e9ac77' },
    },
    {
      id: 'road_motorway',
      type: 'line',
      source: 'openmaptiles',
      'source-layer': 'transportation',
      minzoom: 5,
      filter: ['all', ['==', '$type', 'LineString'], ['==', 'class', 'motorway']],
      paint: { 'line-color': '#fc8' },
    },
    {
      id: 'road_trunk_primary',
      type: 'line',
      source: 'openmaptiles',
      'source-layer': 'transportation',
      filter: ['in', 'class', 'trunk', 'primary'],
    },
    {
      id: 'road_secondary_tertiary',
      type: 'line',
      source: 'openmaptiles',
      'source-layer': 'transportation',
      minzoom: 8,
      filter: ['match', ['get', 'class'], ['secondary', 'tertiary'], true, false],
    },
    {
      id: 'road_minor',
      type: 'line',
      source: 'openmaptiles',
      'source-layer': 'transportation',
      minzoom: 12,
      filter: ['==', ['get', 'class'], 'minor'],
    },
    {
      // OSM Liberty's low-zoom layer: several kinds in one.
      id: 'road_major_mixed',
      type: 'line',
      source: 'openmaptiles',
      'source-layer': 'transportation',
      filter: ['in', 'class', 'motorway', 'trunk', 'primary', 'secondary', 'minor'],
    },
    {
      id: 'road_not_minor',
      type: 'line',
      source: 'openmaptiles',
      'source-layer': 'transportation',
      filter: ['!=', ['get', 'class'], 'minor'],
    },
    {
      id: 'railway',
      type: 'line',
      source: 'openmaptiles',
      'source-layer': 'transportation',
      filter: ['==', 'class', 'rail'],
    },
    {
      id: 'railway_transit',
      type: 'line',
      source: 'openmaptiles',
      'source-layer': 'transportation',
      filter: ['==', ['get', 'class'], 'transit'],
    },
    {
      id: 'mapbox_road_rail',
      type: 'line',
      source: 'openmaptiles',
      'source-layer': 'road',
      filter: ['match', ['get', 'class'], ['major_rail', 'minor_rail'], true, false],
    },
    {
      id: 'highway-shield',
      type: 'symbol',
      source: 'openmaptiles',
      'source-layer': 'transportation_name',
      layout: { 'icon-image': 'road_{ref_length}', 'text-field': '{ref}' },
    },
    {
      id: 'road-number-shield',
      type: 'symbol',
      source: 'openmaptiles',
      'source-layer': 'road',
      layout: { 'icon-image': ['concat', ['get', 'shield'], '-', ['get', 'reflen']] },
    },
    {
      id: 'road_label',
      type: 'symbol',
      source: 'openmaptiles',
      'source-layer': 'transportation_name',
      layout: { 'text-field': '{name}', 'text-font': ['Noto Sans Regular'] },
    },
    {
      id: 'poi_label',
      type: 'symbol',
      source: 'openmaptiles',
      'source-layer': 'poi',
      filter: ['<=', 'rank', 20],
      layout: { 'text-field': '{name}' },
    },
    {
      id: 'transit-label',
      type: 'symbol',
      source: 'openmaptiles',
      'source-layer': 'transit_stop_label',
      layout: {},
    },
    {
      id: 'airport-label',
      type: 'symbol',
      source: 'openmaptiles',
      'source-layer': 'aerodrome_label',
      layout: {},
    },
    { id: 'place-city', type: 'symbol', source: 'openmaptiles', 'source-layer': 'place', layout: {} },
    { id: 'water-name', type: 'symbol', source: 'openmaptiles', 'source-layer': 'water_name', layout: {} },
    { id: 'boundary', type: 'line', source: 'openmaptiles', 'source-layer': 'boundary' },
  ],
};

const DARK = applyDarkRules(STYLE);

/** The layers made from one layer of the source style (it keeps its id; the others are "id::part"). */
function madeFrom(id: string): LayerSpecification[] {
  return DARK.layers.filter((l) => l.id === id || l.id.startsWith(`${id}::`));
}

/** Whether a line of this class is drawn at this zoom by the layers made from `id`. */
function drawn(id: string, cls: string, zoom: number): boolean {
  return madeFrom(id).some((l) => {
    if (l.layout?.visibility === 'none') return false;
    if (zoom < (l.minzoom ?? 0) || zoom >= (l.maxzoom ?? 24)) return false;
    if (!('filter' in l) || l.filter === undefined) return true;
    const feature = { type: 2 as const, properties: { class: cls, rank: 1 } };
    return featureFilter(l.filter).filter({ zoom }, feature);
  });
}

const zooms = (id: string, cls: string) =>
  Array.from({ length: 16 }, (_, z) => z).filter((z) => !drawn(id, cls, z));

describe('applyDarkRules (spec section 9)', () => {
  it('answers a valid style with unique layer ids and leaves the given one as it was', () => {
    const before = structuredClone(STYLE);
    applyDarkRules(STYLE);
    expect(STYLE).toEqual(before);
    expect(validateStyleMin(DARK)).toEqual([]);
    expect(new Set(DARK.layers.map((l) => l.id)).size).toBe(DARK.layers.length);
  });

  it('hides highways at zoom 6-10 and draws them below and above', () => {
    expect(zooms('road_motorway', 'motorway')).toEqual([0, 1, 2, 3, 4, 6, 7, 8, 9, 10]);
    expect(zooms('road_motorway_casing', 'motorway')).toEqual([0, 1, 2, 3, 4, 6, 7, 8, 9, 10]);
    expect(drawn('road_motorway', 'motorway', 10.99)).toBe(false);
    expect(drawn('road_motorway', 'motorway', 5.99)).toBe(true);
  });

  it('hides provincial roads (trunk, primary) at zoom 8-9 and arterials (secondary, tertiary) at 9-10', () => {
    expect(zooms('road_trunk_primary', 'trunk')).toEqual([8, 9]);
    expect(zooms('road_trunk_primary', 'primary')).toEqual([8, 9]);
    expect(zooms('road_secondary_tertiary', 'secondary')).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 9, 10]);
    expect(zooms('road_secondary_tertiary', 'tertiary')).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 9, 10]);
    // Not a kind of section 9: as the style draws it.
    expect(zooms('road_minor', 'minor')).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('splits a layer of several kinds by class, each kind hidden at its own zooms', () => {
    expect(zooms('road_major_mixed', 'motorway')).toEqual([6, 7, 8, 9, 10]);
    expect(zooms('road_major_mixed', 'primary')).toEqual([8, 9]);
    expect(zooms('road_major_mixed', 'secondary')).toEqual([9, 10]);
    expect(zooms('road_major_mixed', 'minor')).toEqual([]);
    expect(zooms('road_major_mixed', 'path')).toHaveLength(16);
    expect(zooms('road_not_minor', 'trunk')).toEqual([8, 9]);
    expect(zooms('road_not_minor', 'service')).toEqual([]);
    expect(zooms('road_not_minor', 'rail')).toHaveLength(16);
  });

  it('hides railways, subways, signs and point-of-interest labels; keeps places, water names and airports', () => {
    for (const id of [
      'railway',
      'railway_transit',
      'mapbox_road_rail',
      'highway-shield',
      'road-number-shield',
    ])
      expect(madeFrom(id).map((l) => l.layout?.visibility)).toEqual(['none']);
    for (const id of ['poi_label', 'transit-label'])
      expect(madeFrom(id).map((l) => l.layout?.visibility)).toEqual(['none']);
    for (const id of ['airport-label', 'place-city', 'water-name'])
      expect(madeFrom(id).map((l) => l.layout?.visibility)).toEqual([undefined]);
    // Road names follow their road: a motorway's name is hidden with it, a street's is not, a railway's always.
    expect(zooms('road_label', 'motorway')).toEqual([6, 7, 8, 9, 10]);
    expect(zooms('road_label', 'residential')).toEqual([]);
    expect(zooms('road_label', 'rail')).toHaveLength(16);
  });

  it('paints the map dark: land, sea, roads and pale labels', () => {
    const paint = (id: string) => DARK.layers.find((l) => l.id === id)?.paint as Record<string, unknown>;
    expect(paint('background')['background-color']).toBe(DARK_MAP.land);
    expect(paint('water')['fill-color']).toBe(DARK_MAP.sea);
    // The sprite's light pattern gives way to the colour.
    expect(paint('water-pattern')).toEqual({ 'fill-translate': [0, 2.5], 'fill-color': DARK_MAP.sea });
    expect(paint('park')['fill-color']).toBe(DARK_MAP.landcover);
    expect(paint('building')['fill-color']).toBe(DARK_MAP.building);
    expect(paint('road_motorway')['line-color']).toBe(DARK_MAP.roadMajor);
    expect(paint('road_motorway_casing')['line-color']).toBe(DARK_MAP.roadCasing);
    expect(paint('road_minor')['line-color']).toBe(DARK_MAP.road);
    expect(paint('place-city')['text-color']).toBe(DARK_MAP.text);
    expect(paint('water-name')['text-color']).toBe(DARK_MAP.waterText);
  });
});
