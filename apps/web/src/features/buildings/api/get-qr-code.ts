import { queryOptions, useQuery } from '@tanstack/react-query';
import { getBlob } from '@/lib/request';

export type QrFormat = 'png' | 'svg';

/** The mini-program QR code of a building; the call needs the token, so it is fetched, not linked. */
export function getQrCode(id: number, format: QrFormat) {
  return getBlob(`/sbuilding/hall/${id}/qrcode`, { params: { format } });
}

export function qrCodeQueryOptions(id: number, format: QrFormat) {
  return queryOptions({
    queryKey: ['buildings', 'qrcode', id, format],
    queryFn: () => getQrCode(id, format),
    staleTime: Infinity,
  });
}

export function useQrCode(id: number | null) {
  return useQuery({ ...qrCodeQueryOptions(id ?? 0, 'png'), enabled: id !== null });
}
