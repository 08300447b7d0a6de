import { useMutation } from '@tanstack/react-query';
import { getBlob } from '@/lib/request';
import { saveBlob } from '@/lib/save-blob';

/** The archive's name on the administrator's disk: when it was made, to the minute, in local time. */
export function backupFileName(at: Date = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `sbuilding-backup-${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}-${two(at.getHours())}${two(at.getMinutes())}.tar`;
}

/**
 * GET /system/backup: the whole platform as one archive (database snapshot, stored files, manifest). The
 * server states its length first, so `onProgress` is told the share received (0 to 1). No timeout: a large
 * campus takes longer than a call.
 */
export async function downloadBackup(onProgress: (share: number) => void): Promise<void> {
  const blob = await getBlob('/system/backup', {
    timeout: 0,
    onDownloadProgress: (event) => {
      if (event.total) onProgress(Math.min(1, event.loaded / event.total));
    },
  });
  onProgress(1);
  saveBlob(blob, backupFileName());
}

export function useDownloadBackup(onProgress: (share: number) => void) {
  return useMutation({ mutationFn: () => downloadBackup(onProgress) });
}
