import { describe, expect, it } from 'vitest';
import type { StyleSpecification } from '@maplibre/maplibre-gl-style-spec';
import { absoluteUrls } from './style-urls';

const BASE = 'http://127.0.0.1:9000/styles/dark/style.json?key=k';

describe('absoluteUrls', () => {
  it("reads a style's relative sprite, glyphs, tile and data URLs against the style's URL, keeping templates", () => {
    const style: StyleSpecification = {
      version: 8,
      sprite: './sprites/dark',
      glyphs: '../../fonts/{fontstack}/{range}.pbf',
      sources: {
        tiles: { type: 'vector', url: '/tiles.json' },
        xyz: { type: 'raster', tiles: ['raster/{z}/{x}/{y}.png', 'https://a.example.test/{z}/{x}/{y}.png'] },
        places: { type: 'geojson', data: 'places.geojson' },
        pm: { type: 'vector', url: 'pmtiles://https://b.example.test/planet.pmtiles' },
      },
      layers: [],
    };
    const out = absoluteUrls(style, BASE);
    expect(out.sprite).toBe('http://127.0.0.1:9000/styles/dark/sprites/dark');
    expect(out.glyphs).toBe('http://127.0.0.1:9000/fonts/{fontstack}/{range}.pbf');
    expect(out.sources).toEqual({
      tiles: { type: 'vector', url: 'http://127.0.0.1:9000/tiles.json' },
      xyz: {
        type: 'raster',
        tiles: [
          'http://127.0.0.1:9000/styles/dark/raster/{z}/{x}/{y}.png',
          'https://a.example.test/{z}/{x}/{y}.png',
        ],
      },
      places: { type: 'geojson', data: 'http://127.0.0.1:9000/styles/dark/places.geojson' },
      pm: { type: 'vector', url: 'pmtiles://https://b.example.test/planet.pmtiles' },
    });
    expect(style.sprite).toBe('./sprites/dark');
  });

  it('resolves each sprite of a sprite list and leaves absolute URLs alone', () => {
    const style: StyleSpecification = {
      version: 8,
      sprite: [
        { id: 'default', url: 'sprites/a' },
        { id: 'extra', url: 'https://c.example.test/sprites/b' },
      ],
      sources: {},
      layers: [],
    };
    expect(absoluteUrls(style, BASE).sprite).toEqual([
      { id: 'default', url: 'http://127.0.0.1:9000/styles/dark/sprites/a' },
      { id: 'extra', url: 'https://c.example.test/sprites/b' },
    ]);
  });
});
