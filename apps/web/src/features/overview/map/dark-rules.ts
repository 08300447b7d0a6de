import type { LayerSpecification, StyleSpecification } from '@maplibre/maplibre-gl-style-spec';
import { OTHER, admittedClasses, withClassClause } from './filter-classes';
import { darkPaint } from './dark-paint';

/*
 * Spec section 9's dark map for a vector-tile (MapLibre) style: subway, railway, signs and most
 * point-of-interest labels hidden; highways hidden at zoom 6-10, provincial roads at 8-9 and arterials at 9-10;
 * dark colours. The layers are found by the source-layer and class names of OpenMapTiles and Mapbox Streets
 * (see this feature's README for the list).
 *
 * A layer's minzoom and maxzoom are its only zoom switch (visibility cannot depend on the zoom), so a layer
 * hidden between two zooms becomes two layers: one below the range, one above it. "Zoom 6-10" means the zoom
 * levels 6 to 10, so hidden from 6 until 11. A layer drawing several kinds of road (one layer for trunk,
 * primary and minor, say) is first split by class, each part narrowed by a class clause in its filter.
 */

/** Source layers of roads and railways (and their names), whose features carry `class`. */
const ROAD_SOURCE_LAYERS = new Set(['transportation', 'transportation_name', 'road', 'road_label']);
/** Points of interest: every label hidden ("most": airports are kept, being their own source layer). */
const POI_SOURCE_LAYERS = new Set(['poi', 'poi_label', 'pois']);
/** Transit stops and motorway exits: subway and signs. */
const HIDDEN_SOURCE_LAYERS = new Set(['transit_stop_label', 'transit', 'motorway_junction']);

interface RoadKind {
  name: string;
  classes: readonly string[];
  /** Hidden from this zoom until `to` (exclusive); [0, Infinity) is always hidden. */
  from: number;
  to: number;
}

/** The road kinds of section 9 and the classes that stand for them. */
export const ROAD_KINDS: readonly RoadKind[] = [
  {
    name: 'rail',
    classes: ['rail', 'transit', 'subway', 'major_rail', 'minor_rail', 'service_rail'],
    from: 0,
    to: Infinity,
  },
  { name: 'highway', classes: ['motorway', 'motorway_link', 'motorway_construction'], from: 6, to: 11 },
  {
    name: 'provincial',
    classes: ['trunk', 'trunk_link', 'trunk_construction', 'primary', 'primary_link', 'primary_construction'],
    from: 8,
    to: 10,
  },
  {
    name: 'arterial',
    classes: [
      'secondary',
      'secondary_link',
      'secondary_construction',
      'tertiary',
      'tertiary_link',
      'tertiary_construction',
    ],
    from: 9,
    to: 11,
  },
];

const KIND_CLASSES = new Set(ROAD_KINDS.flatMap((k) => k.classes));

function sourceLayer(layer: LayerSpecification): string | undefined {
  return 'source-layer' in layer ? layer['source-layer'] : undefined;
}

function hide<L extends LayerSpecification>(layer: L): L {
  return { ...layer, layout: { ...layer.layout, visibility: 'none' } };
}

/** Road shields, exit numbers and one-way arrows: the signs of section 9. */
function isSign(layer: LayerSpecification): boolean {
  if (layer.type !== 'symbol') return false;
  if (/shield|oneway|one_way|junction|exit/i.test(layer.id)) return true;
  const icon = layer.layout?.['icon-image'];
  return icon !== undefined && /shield|ref_length|reflen/i.test(JSON.stringify(icon));
}

/** The zoom ranges [min, max) left of [lo, hi) once [from, to) is taken out. */
function rangesWithout(lo: number, hi: number, from: number, to: number): [number, number][] {
  const out: [number, number][] = [];
  if (lo < Math.min(hi, from)) out.push([lo, Math.min(hi, from)]);
  if (Math.max(lo, to) < hi) out.push([Math.max(lo, to), hi]);
  return out;
}

interface Part {
  layer: LayerSpecification;
  suffix: string;
}

function withZooms(layer: LayerSpecification, lo: number, hi: number): LayerSpecification {
  const out = { ...layer };
  delete out.minzoom;
  delete out.maxzoom;
  if (lo > 0) out.minzoom = lo;
  if (hi < 24) out.maxzoom = hi;
  return out;
}

/** A road layer as the parts that draw it under the dark rules (none when it is hidden at every zoom). */
function roadParts(layer: Exclude<LayerSpecification, { type: 'background' }>): Part[] {
  const admitted = admittedClasses(layer.filter, KIND_CLASSES) ?? new Set([...KIND_CLASSES, OTHER]);
  const kinds = ROAD_KINDS.filter((k) => k.classes.some((c) => admitted.has(c)));
  const rest = admitted.has(OTHER);
  // One kind alone needs no class clause: the layer's own filter already keeps to it.
  const split = kinds.length + (rest ? 1 : 0) > 1;
  const lo = layer.minzoom ?? 0;
  const hi = layer.maxzoom ?? 24;
  const parts: Part[] = [];
  if (rest)
    parts.push({
      layer: split ? { ...layer, filter: withClassClause(layer.filter, [...KIND_CLASSES], true) } : layer,
      suffix: '',
    });
  for (const kind of kinds) {
    const narrowed = split ? { ...layer, filter: withClassClause(layer.filter, kind.classes, false) } : layer;
    const ranges = rangesWithout(lo, hi, kind.from, kind.to);
    ranges.forEach(([from, to], i) =>
      parts.push({
        layer: withZooms(narrowed, from, to),
        suffix: `${kind.name}${i === 0 ? '' : `-z${from}`}`,
      }),
    );
  }
  return parts;
}

/** The layers one layer of the source style becomes. */
function darkLayers(layer: LayerSpecification): LayerSpecification[] {
  if (layer.type === 'background') return [layer];
  const source = sourceLayer(layer);
  if (source !== undefined && (POI_SOURCE_LAYERS.has(source) || HIDDEN_SOURCE_LAYERS.has(source)))
    return [hide(layer)];
  if (isSign(layer)) return [hide(layer)];
  if (source === undefined || !ROAD_SOURCE_LAYERS.has(source)) return [layer];
  const parts = roadParts(layer);
  // Hidden at every zoom (a railway): kept, switched off, so its id still answers.
  if (parts.length === 0) return [hide(layer)];
  // The first part keeps the layer's id (a layer placed "before" it stays in place); the others are named after it.
  return parts.map((p, i) => ({
    ...p.layer,
    id: i === 0 ? layer.id : `${layer.id}::${p.suffix || 'other'}`,
  }));
}

/**
 * The style under section 9's dark rules: a new style (the given one is not changed) with the same sources,
 * the hidden layers switched off or split around their hidden zooms, and dark colours.
 */
export function applyDarkRules(style: StyleSpecification): StyleSpecification {
  const copy = structuredClone(style);
  return { ...copy, layers: copy.layers.flatMap(darkLayers).map(darkPaint) };
}
