import type { SceneRun } from '@sbuilding/shared';

/** A scene that ran (its commands were sent: outcome ran or failed), told once its run row is settled. */
export interface SceneRunEvent {
  tenantId: number;
  projectId: number;
  run: SceneRun;
  /** Who executed it, or the scene's name for an automatic run (the control log's user name). */
  userName: string;
}

/**
 * Scene runs for whoever tells others about them (notifications send them to webhook and e-mail
 * channels). In-process: the process that ran the scene tells its listeners; a listener's error never
 * reaches the run.
 */
export class SceneEvents {
  private readonly listeners = new Set<(event: SceneRunEvent) => void>();

  emit(event: SceneRunEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch {
        // A listener's failure is its own; the run is recorded whatever it does.
      }
    }
  }

  onRun(listener: (event: SceneRunEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
