import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { envelope, seen, serve } from '@/test/http';
import DictDataPage from './dict-data-page';

const WAIT = { timeout: 5000 };

const row = (dictCode: number, dictValue: string, dictLabel: string) => ({
  dictCode,
  dictSort: dictCode,
  dictLabel,
  dictLabelZh: '',
  dictValue,
  dictType: 'sb_zone_type',
  cssClass: '',
  listClass: '',
  isDefault: 'N',
  status: '0',
  remark: '',
  version: 1,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
});

function renderAt(path: string) {
  render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/dict/type/data/:dictId" element={<DictDataPage />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  serve({
    '/system/dict/data/12': envelope(200, row(12, 'meeting', 'Meeting room')),
    '/system/dict/data/99': envelope(404, null, 'Not found'),
    '/system/dict/data/list': envelope(200, {
      rows: [row(11, 'office', 'Office'), row(12, 'meeting', 'Meeting room')],
      total: 2,
    }),
  });
});

describe('the dictionary data page', () => {
  it("lists every row of the dictionary the id's row belongs to, read-only for a project administrator", async () => {
    useSession.setState({ roles: ['tbAdmin'] });
    renderAt('/dict/type/data/12');
    expect(await screen.findByRole('cell', { name: 'Office' }, WAIT)).toBeInTheDocument();
    const list = seen.find((c) => c.url === '/system/dict/data/list');
    expect(list?.params).toMatchObject({ dictType: 'sb_zone_type', pageNum: 1, pageSize: 20 });
    expect(screen.queryByRole('button', { name: /Add entry/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('gives the platform administrator add, edit and delete', async () => {
    useSession.setState({ roles: ['admin'] });
    renderAt('/dict/type/data/12');
    expect(await screen.findByRole('button', { name: /Add entry/ }, WAIT)).toBeInTheDocument();
    expect(await screen.findAllByRole('button', { name: 'Edit' })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(2);
  });

  it('says so when the id names no dictionary', async () => {
    useSession.setState({ roles: ['admin'] });
    renderAt('/dict/type/data/99');
    expect(await screen.findByText('This dictionary does not exist', {}, WAIT)).toBeInTheDocument();
  });
});
