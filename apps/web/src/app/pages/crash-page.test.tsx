import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '@/app/providers';
import { pageNavigation } from '@/lib/logout';
import { CrashPage } from './crash-page';

function Broken(): never {
  throw new Error('boom');
}

describe('crash page', () => {
  it('replaces a page that failed to render with a translated message and a reload button', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '*', element: <Broken />, errorElement: <CrashPage /> }]);
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});
