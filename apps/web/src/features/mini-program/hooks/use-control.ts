import type { WxMethod } from '@sbuilding/shared';
import { useWxCommand } from '../api/send-wx-command';
import { usePatchHall } from './use-live-hall';

/**
 * Sends one command and, once the device has taken it, shows its new value at once (the device's own
 * report follows over the socket). A refusal leaves the value as it was; the request client says why.
 */
export function useControl(hallId: number) {
  const command = useWxCommand();
  const patch = usePatchHall(hallId);
  const send = (deviceId: number, method: WxMethod, params: Record<string, unknown>) => {
    command.mutate({ deviceId, method, params }, { onSuccess: () => patch(deviceId, params) });
  };
  return { send, pending: command.isPending ? command.variables?.deviceId : undefined };
}
