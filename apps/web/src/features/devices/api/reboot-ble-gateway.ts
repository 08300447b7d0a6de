import { useMutation } from '@tanstack/react-query';
import { sendCmdResultSchema } from '@sbuilding/shared';
import { post } from '@/lib/request';

/** Reboots a Bluetooth gateway (spec section 7 reboot-ba); its mesh devices are unreachable meanwhile. */
export function rebootBleGateway(id: number) {
  return post(`/sbuilding/dev-rpccmd/reboot-ba/${id}`, undefined, { schema: sendCmdResultSchema });
}

export function useRebootBleGateway() {
  return useMutation({ mutationFn: rebootBleGateway });
}
