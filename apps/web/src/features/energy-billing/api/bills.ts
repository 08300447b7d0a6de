import { useMutation, useQuery } from '@tanstack/react-query';
import { billNodesSchema, billSchema, type BillQueryInput } from '@sbuilding/shared';
import { get, getBlob } from '@/lib/request';
import { saveBlob } from '@/lib/save-blob';
import { tariffKey } from './tariffs';

export function useBillNodes(projectId: number | null) {
  return useQuery({
    queryKey: [...tariffKey, 'bill-nodes', projectId],
    queryFn: () => get('/sbuilding/energy/bill/nodes', { params: { projectId }, schema: billNodesSchema }),
    enabled: projectId !== null,
  });
}

export function useBill(query: BillQueryInput | null) {
  return useQuery({
    queryKey: [...tariffKey, 'bill', query],
    queryFn: () => get('/sbuilding/energy/bill', { params: query ?? {}, schema: billSchema }),
    enabled: query !== null,
  });
}

/** Downloads the bill as an .xlsx or a PDF, in the console's language (the request's lang header). */
export async function downloadBill(query: BillQueryInput, format: 'xlsx' | 'pdf'): Promise<void> {
  const blob = await getBlob('/sbuilding/energy/bill/file', { params: { ...query, format } });
  saveBlob(blob, `bill_${query.level ?? 'building'}_${query.nodeId}_${query.month}.${format}`);
}

export function useDownloadBill() {
  return useMutation({
    mutationFn: ({ query, format }: { query: BillQueryInput; format: 'xlsx' | 'pdf' }) =>
      downloadBill(query, format),
  });
}
