import { EventEmitter } from 'node:events';

/** Alerts that changed (raised, repeated, resolved, processed, ignored), and the tenants they belong to. */
export interface AlertChange {
  tenantIds: readonly number[];
  alertIds: readonly number[];
}

/**
 * Alert changes for whoever shows them live (the socket pushes the badge count and the changed ids). Told
 * after the change is committed. In-process; the socket layer relays it to every node (platform/cluster).
 */
export class AlertEvents {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  emit(change: AlertChange): void {
    if (change.alertIds.length === 0) return;
    this.emitter.emit('change', change);
  }

  onChange(listener: (change: AlertChange) => void): () => void {
    this.emitter.on('change', listener);
    return () => this.emitter.off('change', listener);
  }
}
