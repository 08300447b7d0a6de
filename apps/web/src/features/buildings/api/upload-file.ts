import { useMutation } from '@tanstack/react-query';
import { uploadedFileSchema, type FileKind } from '@sbuilding/shared';
import { upload } from '@/lib/request';

/**
 * Uploads a picture (kind image: JPG/PNG, judged by its bytes) or a floor plan (kind svg: sanitized).
 * Silent: the form shows the server's refusal next to the upload.
 */
export function uploadFile({ kind, file }: { kind: FileKind; file: Blob }) {
  return upload(`/sbuilding/file/upload/${kind}`, file, { schema: uploadedFileSchema, silent: true });
}

export function useUploadFile() {
  return useMutation({ mutationFn: uploadFile });
}
