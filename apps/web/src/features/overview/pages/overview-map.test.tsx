import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { seriousViolations } from '@/test/axe';
import { envelope, serve } from '@/test/http';
import type { VectorMapOptions } from '../map/vector-map';
import { OVERVIEW } from '../test/overview-fixture';
import OverviewPage from './overview-page';

// jsdom has no canvas and no WebGL: ECharts is its text alternative, and MapLibre is replaced at the boundary of
// the dynamically imported module (the real one is drawn in the browser, tests/e2e/overview-map.e2e.test.ts).
vi.mock('@/components/echart', () => ({
  EChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const maps = vi.hoisted(() => ({
  created: [] as VectorMapOptions[],
  pins: [] as unknown[],
  removed: 0,
}));
vi.mock('../map/vector-map', () => ({
  createVectorMap: (options: VectorMapOptions) => {
    maps.created.push(options);
    return {
      setPins: (pins: unknown) => maps.pins.push(pins),
      remove: () => {
        maps.removed += 1;
      },
    };
  },
}));
vi.mock('@/lib/socket', async (original) => ({
  ...(await original<typeof import('@/lib/socket')>()),
  useDeviceSeries: () => undefined,
  useAlertChanges: () => undefined,
}));

const WAIT = { timeout: 15_000 };
const URL = '/sbuilding/board/overview';
const STYLE = 'http://127.0.0.1:9/style.json';
const SUMMARY = 'Map of 1 building: Building A, 30 of 30 devices online.';

function renderPage() {
  render(
    <Providers>
      <MemoryRouter>
        <OverviewPage />
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  localStorage.setItem('projectId', '5');
  maps.created.length = 0;
  maps.pins.length = 0;
  maps.removed = 0;
});

describe('the overview map with MAP_STYLE_URL', { timeout: 60_000 }, () => {
  it('draws the configured style with MapLibre: the placed buildings as pins, the summary as its name', async () => {
    serve({ [URL]: envelope(200, { ...OVERVIEW, mapStyleUrl: STYLE }) });
    renderPage();
    const figure = await screen.findByRole('figure', { name: SUMMARY }, WAIT);
    await waitFor(() => expect(maps.created).toHaveLength(1));
    const options = maps.created[0];
    expect(options?.styleUrl).toBe(STYLE);
    expect(options?.container.parentElement).toBe(figure);
    expect(options?.pins).toEqual([
      { longitude: 121.6, latitude: 31.2, label: 'Building A 100%', colour: '#52c41a' },
    ]);
    expect(options?.locale['NavigationControl.ZoomIn']).toBe('Zoom in');
    // Not the offline map; the table still lists every building.
    expect(screen.queryByRole('img', { name: SUMMARY })).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: /^Buildings of the project/ })).toBeInTheDocument();
    expect(figure).toHaveAttribute('aria-busy', 'true');
    act(() => options?.onReady());
    expect(figure).toHaveAttribute('aria-busy', 'false');
    expect(figure).toHaveAttribute('data-state', 'ready');
  });

  it('falls back to the offline map with a notice when the style cannot be loaded', async () => {
    serve({ [URL]: envelope(200, { ...OVERVIEW, mapStyleUrl: STYLE }) });
    renderPage();
    await waitFor(() => expect(maps.created).toHaveLength(1), WAIT);
    act(() => maps.created[0]?.onFail('Failed to fetch'));
    expect(
      await screen.findByText('The map style could not be loaded: the offline map is shown instead.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: SUMMARY })).toBeInTheDocument();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
    expect(maps.removed).toBe(1);
    expect(await seriousViolations()).toEqual([]);
  });

  it('uses the bundled offline map, without loading MapLibre, when no style is configured', async () => {
    serve({ [URL]: envelope(200, OVERVIEW) });
    renderPage();
    expect(await screen.findByRole('img', { name: SUMMARY }, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
    expect(maps.created).toHaveLength(0);
  });

  it('finds nothing serious with axe on the vector map, in Chinese too', async () => {
    serve({ [URL]: envelope(200, { ...OVERVIEW, mapStyleUrl: STYLE }) });
    await setLanguage('zh-CN');
    renderPage();
    await screen.findByRole('figure', { name: /栋建筑的地图/ }, WAIT);
    await waitFor(() => expect(maps.created).toHaveLength(1));
    expect(maps.created[0]?.locale['NavigationControl.ZoomIn']).toBe('放大');
    expect(await seriousViolations()).toEqual([]);
  });
});
