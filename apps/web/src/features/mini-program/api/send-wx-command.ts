import { useMutation } from '@tanstack/react-query';
import { sendCmdResultSchema, type WxCommandBody } from '@sbuilding/shared';
import { post } from '@/lib/request';

export interface WxCommand extends WxCommandBody {
  deviceId: number;
}

/**
 * Switches a light or an AC (the server logs it as the mini-program's). A refusal ('Unable to access
 * device', 'Not support auto mode') is shown by the request client.
 */
export function useWxCommand() {
  return useMutation({
    mutationFn: ({ deviceId, ...body }: WxCommand) =>
      post(`/sbuilding/wx/device/${deviceId}/command`, body, { schema: sendCmdResultSchema }),
  });
}
