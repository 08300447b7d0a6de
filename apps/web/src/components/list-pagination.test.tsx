import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { FIRST_PAGE, ListPagination } from './list-pagination';

const userEvent = userEventLib.setup({ delay: null });

beforeEach(async () => {
  await setLanguage('en');
});

describe('list pagination', () => {
  it('starts at page 1 with 20 rows and shows the total and the page sizes of section 9', async () => {
    expect(FIRST_PAGE).toEqual({ pageNum: 1, pageSize: 20 });
    render(
      <Providers>
        <ListPagination total={95} {...FIRST_PAGE} onChange={() => undefined} />
      </Providers>,
    );
    expect(screen.getByText('Total 95')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: '5' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox'));
    for (const size of ['10 / page', '20 / page', '30 / page', '50 / page'])
      expect((await screen.findAllByText(size)).length).toBeGreaterThan(0);
  });

  it('reports the next page as two numbers, or as a page object to a state setter', async () => {
    const numbers = vi.fn();
    const { unmount } = render(
      <Providers>
        <ListPagination total={95} pageNum={1} pageSize={20} onChange={numbers} />
      </Providers>,
    );
    await userEvent.click(screen.getByRole('listitem', { name: '3' }));
    expect(numbers).toHaveBeenCalledWith(3, 20);
    unmount();

    const setter = vi.fn();
    render(
      <Providers>
        <ListPagination total={95} page={{ pageNum: 2, pageSize: 20 }} onChange={setter} />
      </Providers>,
    );
    await userEvent.click(screen.getByRole('listitem', { name: 'Next Page' }));
    expect(setter).toHaveBeenCalledWith({ pageNum: 3, pageSize: 20 });
  });

  it('shows nothing for an empty list, where the table says so', () => {
    const { container } = render(
      <Providers>
        <ListPagination total={0} {...FIRST_PAGE} onChange={() => undefined} />
      </Providers>,
    );
    expect(container.querySelector('nav')).toBeNull();
  });
});
