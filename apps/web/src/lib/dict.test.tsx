import { beforeEach, describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { envelope, seen, serve } from '@/test/http';
import { labelOf, useDict } from './dict';
import { setLanguage } from './i18n';
import { queryClient } from './query-client';

const row = (dictValue: string, dictLabel: string, dictLabelZh: string) => ({
  dictCode: dictValue.length,
  dictSort: 0,
  dictLabel,
  dictLabelZh,
  dictValue,
  dictType: 'sb_project_status',
  cssClass: '',
  listClass: 'success',
  isDefault: 'N',
  status: '0',
  remark: '',
  version: 1,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  serve({
    '/system/dict/data/type/sb_project_status': envelope(200, [
      row('new', 'New', '新建'),
      row('done', 'Done', ''),
    ]),
  });
});

describe('useDict', () => {
  it('gives the options in English, and in Chinese with the English label when a row has no Chinese one', async () => {
    const { result } = renderHook(() => useDict('sb_project_status'), { wrapper });
    await waitFor(() => expect(result.current).toHaveLength(2));
    expect(result.current.map((o) => [o.value, o.label])).toEqual([
      ['new', 'New'],
      ['done', 'Done'],
    ]);
    await setLanguage('zh-CN');
    await waitFor(() => expect(result.current[0]?.label).toBe('新建'));
    expect(result.current[1]?.label).toBe('Done');
  });

  it('asks the server once for a dictionary however many lists use it', async () => {
    const first = renderHook(() => useDict('sb_project_status'), { wrapper });
    await waitFor(() => expect(first.result.current).toHaveLength(2));
    const second = renderHook(() => useDict('sb_project_status'), { wrapper });
    expect(second.result.current).toHaveLength(2);
    expect(seen).toHaveLength(1);
  });

  it('shows an unknown value as it is', () => {
    expect(labelOf([{ value: 'new', label: 'New', listClass: '' }], 'gone')).toBe('gone');
  });
});
