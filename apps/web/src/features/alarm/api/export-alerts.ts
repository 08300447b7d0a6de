import { useMutation } from '@tanstack/react-query';
import { exportResultSchema, type AlertFilterBody } from '@sbuilding/shared';
import { getBlob, post } from '@/lib/request';
import { saveBlob } from '@/lib/save-blob';

/** Writes the alerts of the filter to an .xlsx on the server, then downloads it (the server deletes it). */
export async function exportAlerts(filter: AlertFilterBody): Promise<void> {
  const { fileName } = await post('/sbuilding/alert/export', filter, { schema: exportResultSchema });
  const blob = await getBlob('/common/download', { params: { fileName, delete: true } });
  saveBlob(blob, fileName);
}

export function useExportAlerts() {
  return useMutation({ mutationFn: exportAlerts });
}
