import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import GenEditPage from './gen-edit-page';

const WAIT = { timeout: 10_000 };

const info = {
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
  version: 3,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
};

const column = (columnId: number, columnName: string, tsField: string, extra: object = {}) => ({
  columnId,
  columnName,
  columnComment: '',
  columnType: 'text',
  tsType: 'string',
  tsField,
  isPk: false,
  isIncrement: false,
  isRequired: false,
  isInsert: true,
  isEdit: true,
  isList: true,
  isQuery: false,
  queryType: 'EQ',
  htmlType: 'input',
  dictType: '',
  sort: columnId,
  ...extra,
});

const rows = [
  column(1, 'id', 'id', { isPk: true, columnType: 'integer', tsType: 'number', isInsert: false }),
  column(2, 'lease_name', 'leaseName', { columnComment: 'Lease name', isRequired: true }),
  column(3, 'status', 'status'),
];

function renderAt(path: string) {
  render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/gen/edit/:tableId" element={<GenEditPage />} />
          <Route path="/tool/gen" element={<p>The generator list</p>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

const saves = () => seen.filter((c) => c.url === '/tool/gen' && c.method === 'put');

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  useSession.setState({ roles: ['admin'] });
  serve({
    '/tool/gen/7': envelope(200, { info, rows }),
    '/tool/gen/8': envelope(404, null, 'Resource not found'),
    '/tool/gen': (config) => {
      const body = bodyOf(config) as { version: number };
      return envelope(200, { info: { ...info, version: body.version + 1 }, rows });
    },
  });
});

describe('the code-generation edit page', () => {
  it('shows the three tabs, edits a column and saves the settings, then goes back to the list', async () => {
    const user = userEvent.setup();
    renderAt('/gen/edit/7');
    expect(await screen.findByRole('tab', { name: 'Basic information' }, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Generation settings' })).toBeInTheDocument();
    expect(screen.getByLabelText('Table name')).toHaveValue('lease');

    await user.click(screen.getByRole('tab', { name: 'Column settings' }));
    const description = screen.getByRole('textbox', { name: 'status: Description' });
    await user.type(description, 'Lease status');
    await user.click(screen.getByRole('checkbox', { name: 'status: Query' }));
    await user.click(screen.getByRole('button', { name: /Save/ }));

    expect(await screen.findByText('The generator list', {}, WAIT)).toBeInTheDocument();
    const [save] = saves();
    expect(bodyOf(save)).toMatchObject({
      tableId: 7,
      version: 3,
      functionName: 'Tenant lease',
      columns: expect.arrayContaining([
        expect.objectContaining({ columnId: 3, columnComment: 'Lease status', isQuery: true }),
      ]),
    });
  });

  it('refuses to save without a function name, and a tree without its columns, saying why', async () => {
    const user = userEvent.setup();
    renderAt('/gen/edit/7');
    await user.click(await screen.findByRole('tab', { name: 'Generation settings' }, WAIT));
    await user.clear(screen.getByLabelText('Function name'));
    await user.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Function name is required', {}, WAIT)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Function name'), 'Leases');
    await user.click(screen.getByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByText('Tree table (create, read, update, delete)'));
    await user.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Tree id column is required', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText('Tree parent column is required')).toBeInTheDocument();
    expect(saves()).toHaveLength(0);
  });

  it('refuses a child table or key whose name has a quote or a backtick, showing the rule, without saving', async () => {
    const user = userEvent.setup();
    renderAt('/gen/edit/7');
    await user.click(await screen.findByRole('tab', { name: 'Generation settings' }, WAIT));
    await user.click(screen.getByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByText('Master-child table (create, read, update, delete)'));
    await user.type(screen.getByLabelText('Child table'), 'lease_item"; drop');
    await user.type(screen.getByLabelText('Child table foreign key'), 'lease`id');
    await user.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Child table is invalid', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText('Child table foreign key is invalid')).toBeInTheDocument();
    expect(screen.getAllByText(/Lower-case letters, digits and _, not starting with a digit/)).toHaveLength(
      2,
    );
    expect(saves()).toHaveLength(0);
  });

  it('names a column whose select control has no dictionary type, on the column settings tab', async () => {
    const user = userEvent.setup();
    renderAt('/gen/edit/7');
    await user.click(await screen.findByRole('tab', { name: 'Column settings' }, WAIT));
    await user.click(screen.getByRole('combobox', { name: 'status: Form control' }));
    await user.click(await screen.findByText('Select'));
    await user.click(screen.getByRole('button', { name: /Save/ }));
    const alert = await screen.findByRole('alert', {}, WAIT);
    expect(alert).toHaveTextContent('Dictionary type is required');
    expect(within(screen.getByRole('tabpanel')).getByRole('alert')).toBe(alert);
    expect(saves()).toHaveLength(0);
  });

  it('says so when the table is not in the generator', async () => {
    renderAt('/gen/edit/8');
    expect(await screen.findByText('No such table in the generator', {}, WAIT)).toBeInTheDocument();
  });
});
