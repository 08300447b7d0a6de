import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import type { AxiosProgressEvent } from 'axios';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { seen, serve, type Reply } from '@/test/http';
import { BackupCard } from './backup-card';

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 5000 };

/** The download under way: the test says how far it has come, then lets it finish. */
let finish: (reply: Reply) => void;
let progress: (event: Partial<AxiosProgressEvent>) => void;
const saved: string[] = [];

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  saved.length = 0;
  serve({
    '/system/backup': (config) =>
      new Promise<Reply>((resolve) => {
        finish = resolve;
        progress = (event) =>
          config.onDownloadProgress?.({ bytes: 0, lengthComputable: true, loaded: 0, ...event });
      }),
  });
  // The browser's download: the anchor saveBlob clicks, and the file name it offers.
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:backup');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const renderCard = () =>
  render(
    <Providers>
      <BackupCard />
    </Providers>,
  );

describe('the backup card', () => {
  it('downloads the platform’s backup with a progress bar, for the platform administrator', async () => {
    useSession.setState({ roles: ['admin'] });
    renderCard();
    await userEvent.click(await screen.findByRole('button', { name: /Download backup/ }, WAIT));
    expect(seen.at(-1)?.url).toBe('/system/backup');
    expect(seen.at(-1)?.timeout).toBe(0);
    progress({ loaded: 3_000_000, total: 8_000_000 });
    const bar = await screen.findByRole('progressbar', { name: 'Backup download progress' }, WAIT);
    await vi.waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '38'), WAIT);
    expect(screen.getByRole('button', { name: /Downloading backup/ })).toBeInTheDocument();
    finish({ status: 200, body: new Blob(['tar']) });
    expect(await screen.findByText('Backup downloaded', {}, WAIT)).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatch(/^sbuilding-backup-\d{4}-\d{2}-\d{2}-\d{4}\.tar$/);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    await setLanguage('zh-CN');
    useSession.setState({ roles: ['admin'] });
    renderCard();
    expect(await screen.findByRole('button', { name: /下载备份/ }, WAIT)).toBeInTheDocument();
    expect(screen.getByText('备份')).toBeInTheDocument();
  });

  it('shows nothing to a tenant administrator, whose session may not take the platform’s backup', async () => {
    useSession.setState({ roles: ['tbAdmin'] });
    renderCard();
    expect(screen.queryByRole('button', { name: /Download backup/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Backup')).not.toBeInTheDocument();
    expect(seen.filter((c) => c.url === '/system/backup')).toHaveLength(0);
  });
});
