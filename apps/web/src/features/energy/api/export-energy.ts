import { useMutation } from '@tanstack/react-query';
import { exportResultSchema, type EnergyQueryInput } from '@sbuilding/shared';
import { getBlob, post } from '@/lib/request';
import { saveBlob } from '@/lib/save-blob';

/** Writes the board's breakdown table to an .xlsx on the server, then downloads it (the server deletes it). */
export async function exportEnergy(query: EnergyQueryInput): Promise<void> {
  const { fileName } = await post('/sbuilding/board/energy/export', query, { schema: exportResultSchema });
  const blob = await getBlob('/common/download', { params: { fileName, delete: true } });
  saveBlob(blob, fileName);
}

export function useExportEnergy() {
  return useMutation({ mutationFn: exportEnergy });
}
