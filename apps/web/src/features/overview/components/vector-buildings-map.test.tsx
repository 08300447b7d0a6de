import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { i18n, setLanguage } from '@/lib/i18n';
import type { Pin, VectorMapOptions } from '../map/vector-map';
import { OVERVIEW } from '../test/overview-fixture';
import { VectorBuildingsMap } from './vector-buildings-map';

// MapLibre needs WebGL: the dynamically imported module is replaced at its boundary.
const maps = vi.hoisted(() => ({
  created: [] as VectorMapOptions[],
  pins: [] as (readonly Pin[])[],
  removed: 0,
}));
vi.mock('../map/vector-map', () => ({
  createVectorMap: (options: VectorMapOptions) => {
    maps.created.push(options);
    return {
      setPins: (pins: readonly Pin[]) => maps.pins.push(pins),
      remove: () => {
        maps.removed += 1;
      },
    };
  },
}));

const STYLE = 'http://127.0.0.1:9/style.json';

function view(buildings = OVERVIEW.buildings, styleUrl = STYLE) {
  return (
    <I18nextProvider i18n={i18n}>
      <VectorBuildingsMap styleUrl={styleUrl} buildings={buildings} onFail={() => undefined} />
    </I18nextProvider>
  );
}

beforeEach(async () => {
  await setLanguage('en');
  maps.created.length = 0;
  maps.pins.length = 0;
  maps.removed = 0;
});

describe('VectorBuildingsMap', () => {
  it('moves the pins of a live refresh onto the same map, and makes a new map for a new style', async () => {
    const { rerender, unmount } = render(view());
    await waitFor(() => expect(maps.created).toHaveLength(1));
    const [a] = OVERVIEW.buildings;
    if (!a) throw new Error('fixture');
    const refreshed = [{ ...a, devices: { online: 12, offline: 18, total: 30 } }];
    rerender(view(refreshed));
    await waitFor(() =>
      expect(maps.pins.at(-1)).toEqual([
        { longitude: 121.6, latitude: 31.2, label: 'Building A 40%', colour: '#ff4d4f' },
      ]),
    );
    expect(maps.created).toHaveLength(1);
    expect(
      screen.getByRole('figure', { name: 'Map of 1 building: Building A, 12 of 30 devices online.' }),
    ).toBeInTheDocument();

    rerender(view(refreshed, 'http://127.0.0.1:9/other.json'));
    await waitFor(() => expect(maps.created).toHaveLength(2));
    expect(maps.removed).toBe(1);
    expect(maps.created[1]?.styleUrl).toBe('http://127.0.0.1:9/other.json');
    expect(maps.created[1]?.pins[0]?.label).toBe('Building A 40%');
    unmount();
    expect(maps.removed).toBe(2);
  });
});
