import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderShell, signIn } from '../test/render-shell';
import { HeaderSearch } from './header-search';

describe('header search', () => {
  beforeEach(() => signIn(['tbAdmin'], { permissions: ['sbuilding:tools:tenant'] }));

  it('is a labelled field that finds a page by a fuzzy title and goes there', async () => {
    renderShell(<HeaderSearch />, { path: '/board/index' });
    const field = screen.getByRole('combobox', { name: 'Search pages' });
    await userEvent.type(field, 'acmanagment');
    await userEvent.click(await screen.findByRole('option', { name: 'Console > Devices > AC management' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/zhGateway');
  });

  it('finds a page by its path', async () => {
    renderShell(<HeaderSearch />, { path: '/board/index' });
    await userEvent.type(screen.getByRole('combobox', { name: 'Search pages' }), '/buildingUser');
    expect(await screen.findByRole('option', { name: 'Users' })).toBeInTheDocument();
  });
});
