import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importCheckSchema, importResultSchema, type ImportBody } from '@sbuilding/shared';
import { getBlob, put, upload } from '@/lib/request';
import { devicesKey } from './list-devices';

/**
 * The check and the import of a large file parse and validate every row on the server (the import also
 * writes them), which can take far longer than the 10 s HTTP timeout of spec section 9 that suits every
 * other call; these two wait up to 5 minutes instead of failing a file that is still being processed.
 */
export const IMPORT_TIMEOUT_MS = 5 * 60_000;

/**
 * Checks every row of the file, saving nothing. Silent: the dialog shows the refusal in place.
 * `onProgress` receives 0-100 while the file is sent.
 */
export function checkImport({
  projectId,
  file,
  onProgress,
}: {
  projectId: number;
  file: Blob;
  onProgress?: (percent: number) => void;
}) {
  return upload('/sbuilding/device/import/check', file, {
    schema: importCheckSchema,
    params: { projectId },
    silent: true,
    timeout: IMPORT_TIMEOUT_MS,
    onUploadProgress: (event) => {
      if (event.total) onProgress?.(Math.round((event.loaded / event.total) * 100));
    },
  });
}

export function useCheckImport() {
  return useMutation({ mutationFn: checkImport });
}

export function importDevices(body: ImportBody) {
  return put('/sbuilding/device/import', body, { schema: importResultSchema, timeout: IMPORT_TIMEOUT_MS });
}

export function useImportDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importDevices,
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  });
}

/** The .xlsx of the expected columns. */
export function getImportTemplate() {
  return getBlob('/sbuilding/device/import/template');
}

/** The rejected rows with their reasons; the server deletes the file once it is fetched. */
export function getImportReport(fileName: string) {
  return getBlob('/common/download', { params: { fileName, delete: true } });
}
