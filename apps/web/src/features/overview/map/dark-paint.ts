import type { LayerSpecification } from '@maplibre/maplibre-gl-style-spec';
import { DARK_MAP } from './dark-colours';

/*
 * The colours of the dark map on a vector style: the same deep sea and muted land as the bundled map, roads a
 * little lighter than the land (the major ones lighter still), pale labels on a dark halo. A colour replaces
 * the style's own (its zoom or data expressions included); widths, dashes and opacities are the style's.
 */

const WATER_SOURCE_LAYERS = new Set(['water', 'ocean', 'water_polygons']);
const WATERWAY_SOURCE_LAYERS = new Set(['waterway', 'water_lines']);
const WATER_LABEL_SOURCE_LAYERS = new Set(['water_name', 'waterway_label', 'water_label', 'marine_label']);
const BUILDING_SOURCE_LAYERS = new Set(['building', 'buildings', 'structure']);
const ROAD_SOURCE_LAYERS = new Set(['transportation', 'road']);
const BOUNDARY_SOURCE_LAYERS = new Set(['boundary', 'admin', 'boundaries']);

function sourceLayer(layer: LayerSpecification): string {
  return 'source-layer' in layer ? (layer['source-layer'] ?? '') : '';
}

/** A road's colour: the major roads (by the layer's name, which OpenMapTiles and Mapbox both give them) lighter. */
function roadColour(id: string): string {
  if (/casing|outline/i.test(id)) return DARK_MAP.roadCasing;
  if (/motorway|trunk|highway|primary|major/i.test(id)) return DARK_MAP.roadMajor;
  return DARK_MAP.road;
}

/** The layer with the dark map's colours. */
export function darkPaint(layer: LayerSpecification): LayerSpecification {
  const source = sourceLayer(layer);
  switch (layer.type) {
    case 'background':
      return { ...layer, paint: { ...layer.paint, 'background-color': DARK_MAP.land } };
    case 'fill': {
      let colour: string = DARK_MAP.landcover;
      if (WATER_SOURCE_LAYERS.has(source)) colour = DARK_MAP.sea;
      else if (BUILDING_SOURCE_LAYERS.has(source)) colour = DARK_MAP.building;
      // A pattern (OSM Bright's waves on the water) is a light picture from the sprite: the colour instead.
      const { 'fill-pattern': _pattern, ...paint } = { ...layer.paint, 'fill-color': colour };
      if (paint['fill-outline-color'] !== undefined) paint['fill-outline-color'] = colour;
      return { ...layer, paint };
    }
    case 'fill-extrusion':
      return { ...layer, paint: { ...layer.paint, 'fill-extrusion-color': DARK_MAP.building } };
    case 'line': {
      let colour: string = DARK_MAP.line;
      if (WATERWAY_SOURCE_LAYERS.has(source) || WATER_SOURCE_LAYERS.has(source)) colour = DARK_MAP.sea;
      else if (ROAD_SOURCE_LAYERS.has(source)) colour = roadColour(layer.id);
      else if (BOUNDARY_SOURCE_LAYERS.has(source)) colour = DARK_MAP.border;
      const { 'line-pattern': _pattern, ...paint } = { ...layer.paint, 'line-color': colour };
      return { ...layer, paint };
    }
    case 'symbol': {
      const water = WATER_LABEL_SOURCE_LAYERS.has(source);
      return {
        ...layer,
        paint: {
          ...layer.paint,
          'text-color': water ? DARK_MAP.waterText : DARK_MAP.text,
          'text-halo-color': DARK_MAP.sea,
        },
      };
    }
    case 'raster':
      return {
        ...layer,
        paint: { ...layer.paint, 'raster-brightness-max': 0.45, 'raster-saturation': -0.6 },
      };
    default:
      return layer;
  }
}
