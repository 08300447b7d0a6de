import { useMutation } from '@tanstack/react-query';
import { sendCmdResultSchema, type SendCmdBody } from '@sbuilding/shared';
import { post } from '@/lib/request';

/**
 * A catalogue command to a device or a group, from a board (spec section 7 sendCmd, terminal admin). A
 * refusal (403 'No operation permission !', 503 'Unable to access device' / 'Setting Failed !', 400 'Not
 * support auto mode') is shown by the request client; the caller says 'Setting Success !'.
 */
export function useBoardCommand() {
  return useMutation({
    mutationFn: (body: SendCmdBody) =>
      post('/sbuilding/dev-rpccmd/sendCmd', { terminal: 'admin', ...body }, { schema: sendCmdResultSchema }),
  });
}
