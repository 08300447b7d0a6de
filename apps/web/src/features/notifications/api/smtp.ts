import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  smtpSettingsOrNullSchema,
  smtpSettingsSchema,
  type SmtpSettings,
  type SmtpSettingsBody,
} from '@sbuilding/shared';
import { get, put } from '@/lib/request';

const smtpKey = ['system', 'smtp'] as const;

export function useSmtpSettings(enabled: boolean) {
  return useQuery({
    queryKey: smtpKey,
    queryFn: () => get('/system/config/smtp', { schema: smtpSettingsOrNullSchema }),
    enabled,
  });
}

/** A blank password keeps the stored one. */
export function saveSmtpSettings(body: SmtpSettingsBody): Promise<SmtpSettings> {
  return put('/system/config/smtp', body, { schema: smtpSettingsSchema });
}

export function useSaveSmtpSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSmtpSettings,
    onSuccess: (saved) => queryClient.setQueryData(smtpKey, saved),
  });
}
