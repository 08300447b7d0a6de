import type { SourceSpecification, StyleSpecification } from '@maplibre/maplibre-gl-style-spec';

/*
 * A style may name its sprite, glyphs and tiles relative to itself ("./sprites/dark", "fonts/{fontstack}/...");
 * MapLibre reads a fetched style's URLs as they stand, so they are made absolute against the style's own URL.
 */

/** A URL with a scheme (https:, mapbox:, pmtiles:) is left as it is. */
const ABSOLUTE = /^[a-z][a-z0-9+.-]*:/i;

function resolve(url: string, base: string): string {
  if (ABSOLUTE.test(url)) return url;
  // The URL parser escapes the template's braces ({fontstack}, {z}); MapLibre must still find them.
  return new URL(url, base).href.replace(/%7B/gi, '{').replace(/%7D/gi, '}');
}

function source(spec: SourceSpecification, base: string): SourceSpecification {
  switch (spec.type) {
    case 'vector':
    case 'raster':
    case 'raster-dem':
      return {
        ...spec,
        ...(spec.url === undefined ? {} : { url: resolve(spec.url, base) }),
        ...(spec.tiles === undefined ? {} : { tiles: spec.tiles.map((t) => resolve(t, base)) }),
      };
    case 'geojson':
      return typeof spec.data === 'string' ? { ...spec, data: resolve(spec.data, base) } : spec;
    default:
      return spec;
  }
}

/** The style with its sprite, glyphs and sources' URLs absolute, relative ones read against `base`. */
export function absoluteUrls(style: StyleSpecification, base: string): StyleSpecification {
  const { sprite, glyphs } = style;
  return {
    ...style,
    ...(sprite === undefined
      ? {}
      : {
          sprite:
            typeof sprite === 'string'
              ? resolve(sprite, base)
              : sprite.map((s) => ({ ...s, url: resolve(s.url, base) })),
        }),
    ...(glyphs === undefined ? {} : { glyphs: resolve(glyphs, base) }),
    sources: Object.fromEntries(Object.entries(style.sources).map(([id, s]) => [id, source(s, base)])),
  };
}
