import { useMutation } from '@tanstack/react-query';
import { sendCmdResultSchema, type SendCmdBody } from '@sbuilding/shared';
import { post } from '@/lib/request';

/**
 * A catalogue command to a device (spec section 7 sendCmd). A refusal (503 with each device's outcome, 403
 * 'No operation permission !', 400 e.g. 'Not support auto mode') is shown by the request client.
 */
export function sendCommand(body: SendCmdBody) {
  return post('/sbuilding/dev-rpccmd/sendCmd', body, { schema: sendCmdResultSchema });
}

/** No invalidation: the device's new state arrives through the socket (and is patched in on success). */
export function useSendCommand() {
  return useMutation({ mutationFn: sendCommand });
}
