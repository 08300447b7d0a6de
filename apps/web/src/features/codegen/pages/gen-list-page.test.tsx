import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { envelope, seen, serve } from '@/test/http';
import GenListPage from './gen-list-page';

const WAIT = { timeout: 10_000 };

const table = {
  tableId: 7,
  tableName: 'lease',
  tableComment: 'Tenant lease',
  className: 'Lease',
  tplCategory: 'crud',
  moduleName: 'lease',
  businessName: 'lease',
  functionName: 'Tenant lease',
  functionAuthor: 'admin',
  subTableName: '',
  subTableFkName: '',
  treeCode: '',
  treeParentCode: '',
  treeName: '',
  parentMenu: '/console',
  remark: '',
  version: 1,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
};

function renderPage() {
  render(
    <Providers>
      <MemoryRouter initialEntries={['/tool/gen']}>
        <Routes>
          <Route path="/tool/gen" element={<GenListPage />} />
          <Route path="/gen/edit/:tableId" element={<p>Editing the table</p>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  useSession.setState({ roles: ['admin'] });
  serve({
    '/tool/gen/list': envelope(200, { rows: [table], total: 1 }),
    '/tool/gen/db/list': envelope(200, {
      rows: [{ tableName: 'contract', tableComment: 'Contracts' }],
      total: 1,
    }),
    '/tool/gen/importTable': envelope(200, [{ ...table, tableId: 8, tableName: 'contract' }]),
    '/tool/gen/preview/7': envelope(200, {
      'apps/server/src/modules/lease/tables.ts': "export const leaseTable = pgTable('lease', {});",
      'apps/server/src/modules/lease/service.ts': 'export async function listLease() {}',
    }),
    '/tool/gen/7': envelope(200, null),
  });
});

describe('the code-generation list page', () => {
  it('lists the imported tables and previews the code in a tab per file', async () => {
    const user = userEvent.setup();
    renderPage();
    const row = (await screen.findByRole('cell', { name: 'lease' }, WAIT)).closest('tr');
    if (!row) throw new Error('no row');
    await user.click(within(row).getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(dialog).toHaveTextContent('Preview of the generated code');
    expect(within(dialog).getByRole('tab', { name: 'tables.ts' })).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: 'service.ts' })).toBeInTheDocument();
    expect(within(dialog).getByText("export const leaseTable = pgTable('lease', {});")).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/gen/edit/7');
  });

  it('imports the tables chosen in the import dialog', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: /Import/ }, WAIT));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(dialog).toHaveTextContent('Import tables');
    const row = (await within(dialog).findByRole('cell', { name: 'contract' }, WAIT)).closest('tr');
    if (!row) throw new Error('no row');
    await user.click(within(row).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await screen.findByText('1 table(s) imported', {}, WAIT);
    expect(seen.find((c) => c.url === '/tool/gen/importTable')?.params).toEqual({ tables: 'contract' });
  });

  it('removes a table after confirmation', async () => {
    const user = userEvent.setup();
    renderPage();
    const row = (await screen.findByRole('cell', { name: 'lease' }, WAIT)).closest('tr');
    if (!row) throw new Error('no row');
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }, WAIT));
    await expect.poll(() => seen.some((c) => c.url === '/tool/gen/7' && c.method === 'delete')).toBe(true);
  });
});
