import type { ReactNode } from 'react';
import { render, screen, within, type waitForOptions } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Providers } from '@/app/providers';
import { bodyOf, envelope, seen, type Handler } from './http';

/** A page in the console's providers and a memory router, as a list page's test renders it. */
export function renderPage(page: ReactNode) {
  render(
    <Providers>
      <MemoryRouter>{page}</MemoryRouter>
    </Providers>,
  );
}

/** The bodies the console sent to `url`, in order. */
export const bodiesSentTo = (url: string) => seen.filter((c) => c.url === url).map((c) => bodyOf(c));

/** A list call's fake answer that keeps the rows whose `field` equals the body's, as the server filters. */
export function listFilteredBy<R>(rows: readonly R[], field: keyof R & string): Handler {
  return (config) => {
    const body = bodyOf(config);
    const wanted = typeof body === 'object' && body !== null ? Reflect.get(body, field) : undefined;
    const kept = rows.filter((r) => wanted === undefined || r[field] === wanted);
    return envelope(200, { rows: kept, total: kept.length });
  };
}

/** Chooses `option` in the filter bar's select named `field`, then presses Search. */
export async function searchBy(
  user: UserEvent,
  filters: HTMLElement,
  field: string,
  option: string,
  wait: waitForOptions,
) {
  await user.click(within(filters).getByRole('combobox', { name: field }));
  await user.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }, wait));
  await user.click(within(filters).getByRole('button', { name: 'Search' }));
}
