import { useMutation, useQuery } from '@tanstack/react-query';
import {
  billFileName,
  billNodesSchema,
  billPlaceNames,
  billSchema,
  type BillNodes,
  type BillQueryInput,
} from '@sbuilding/shared';
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

/**
 * Downloads the bill as an .xlsx or a PDF, in the console's language (the request's lang header), named as
 * the zip names it (`billFileName`: a floor's bill says its building).
 */
export async function downloadBill(
  query: BillQueryInput,
  format: 'xlsx' | 'pdf',
  nodes: BillNodes,
): Promise<void> {
  const blob = await getBlob('/sbuilding/energy/bill/file', { params: { ...query, format } });
  const level = query.level ?? 'building';
  const id = Number(query.nodeId);
  const node = nodes.find((n) => n.level === level && n.id === id);
  const names = node ? billPlaceNames(node, nodes) : [];
  saveBlob(blob, billFileName({ level, id }, names, query.month, format));
}

export function useDownloadBill() {
  return useMutation({
    mutationFn: ({
      query,
      format,
      nodes,
    }: {
      query: BillQueryInput;
      format: 'xlsx' | 'pdf';
      nodes: BillNodes;
    }) => downloadBill(query, format, nodes),
  });
}
