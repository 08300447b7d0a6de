import { beforeEach, describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '@/lib/query-client';
import { envelope, serve } from '@/test/http';
import { useDeleteProject } from './delete-project';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

beforeEach(() => {
  queryClient.clear();
  localStorage.clear();
  serve({ '/sbuilding/project/del/7': envelope(200, null), '/sbuilding/project/del/8': envelope(200, null) });
});

describe('deleting a project', () => {
  it('forgets the stored project when it is the one deleted, and keeps another', async () => {
    localStorage.setItem('projectId', '7');
    const { result } = renderHook(() => useDeleteProject(), { wrapper });
    await result.current.mutateAsync(8);
    expect(localStorage.getItem('projectId')).toBe('7');
    await result.current.mutateAsync(7);
    expect(localStorage.getItem('projectId')).toBeNull();
  });

  it('refreshes the navbar dropdown as well as the project lists', async () => {
    queryClient.setQueryData(['navbar', 'projects'], { rows: [], total: 0 });
    queryClient.setQueryData(['projects', 'list', { pageNum: 1, pageSize: 20 }], { rows: [], total: 0 });
    const { result } = renderHook(() => useDeleteProject(), { wrapper });
    await result.current.mutateAsync(8);
    expect(queryClient.getQueryState(['navbar', 'projects'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['projects', 'list', { pageNum: 1, pageSize: 20 }])?.isInvalidated).toBe(
      true,
    );
  });
});
