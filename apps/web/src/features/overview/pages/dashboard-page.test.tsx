import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { seriousViolations } from '@/test/axe';
import { envelope, serve } from '@/test/http';
import { OVERVIEW } from '../test/overview-fixture';
import DashboardPage from './dashboard-page';

vi.mock('@/components/echart', () => ({
  EChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 15_000 };

function renderPage() {
  render(
    <Providers>
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  localStorage.setItem('projectId', '5');
  serve({ '/sbuilding/board/overview': envelope(200, OVERVIEW) });
});
afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('display dashboard', { timeout: 150_000 }, () => {
  it('shows the overview figures read-only, with the time of the last update', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 }, WAIT)).toBeInTheDocument();
    expect(await screen.findByText('2 offline', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText(/^Updated /)).toBeInTheDocument();
    // Nothing on it switches a device: the only button is the dashboard's full screen (when the browser has it).
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('puts the dashboard alone on the full screen with the Fullscreen API', async () => {
    Object.defineProperty(document, 'fullscreenEnabled', { value: true, configurable: true });
    const request = vi.fn(() => Promise.resolve());
    Object.defineProperty(HTMLElement.prototype, 'requestFullscreen', { value: request, configurable: true });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Dashboard full screen' }, WAIT));
    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.contexts[0]).toBe(screen.getByRole('region', { name: 'Dashboard' }));
  });

  it('finds nothing serious with axe in Chinese', async () => {
    await setLanguage('zh-CN');
    renderPage();
    expect(await screen.findByRole('heading', { name: '仪表盘', level: 1 }, WAIT)).toBeInTheDocument();
    await screen.findByText('离线 2 台', {}, WAIT);
    expect(await seriousViolations()).toEqual([]);
  });
});
