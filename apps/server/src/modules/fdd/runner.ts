import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { Rounds } from '../../platform/rounds.js';
import { projects } from '../projects/tables.js';
import { runRound, type RoundResult } from './round.js';
import { fddRuns } from './tables.js';

export interface FddRunnerSettings {
  /** How often each project's rules run. */
  intervalMs: number;
  /** How often a node looks for due projects (FDD_TICK_SECONDS). */
  tickMs: number;
  /** How many projects a node takes per tick (the next tick takes the rest). */
  batch: number;
}

export const DEFAULT_FDD_SETTINGS: FddRunnerSettings = { intervalMs: 60_000, tickMs: 30_000, batch: 20 };

/**
 * Runs every project's rules once per interval, on every node: a node claims a due project by moving its
 * `fdd_runs.next_run_at` on in one statement (`for update skip locked`), so each round runs on exactly one
 * node. Rounds never overlap on a node; a round's failure is logged and the project waits for its next turn.
 */
export class FddRunner {
  readonly settings: FddRunnerSettings;
  private readonly rounds: Rounds;

  constructor(
    private readonly db: () => Db,
    private readonly clock: Clock,
    ready: () => boolean,
    private readonly log: FastifyBaseLogger,
    private readonly onRound: (projectId: number, result: RoundResult) => void,
    settings: Partial<FddRunnerSettings> = {},
  ) {
    this.settings = { ...DEFAULT_FDD_SETTINGS, ...settings };
    this.rounds = new Rounds(() => this.due(), {
      everyMs: this.settings.tickMs,
      ready,
      log,
      name: 'fault detection: tick',
      roundAtStart: false,
    });
  }

  start(): void {
    this.rounds.start();
  }

  async stop(): Promise<void> {
    await this.rounds.stop();
  }

  /** Runs the due projects' rounds (resolves when done; tests call it after moving the clock). */
  tick(): Promise<void> {
    return this.rounds.tick();
  }

  /** One project's round now, whatever its turn (after a person asked for a fix: it is checked at once). */
  async checkProject(projectId: number): Promise<RoundResult | null> {
    const [project] = await this.db()
      .select({ id: projects.id, tenantId: projects.tenantId, timeZone: projects.timeZone })
      .from(projects)
      .where(eq(projects.id, projectId));
    if (!project) return null;
    const result = await runRound(this.db(), project, this.clock.now());
    this.onRound(project.id, result);
    return result;
  }

  private async due(): Promise<void> {
    const db = this.db();
    const now = this.clock.now();
    const r = fddRuns;
    // Every project has its row, due at once when new.
    await db.execute(
      sql`insert into ${r} (project_id, next_run_at) select ${projects.id}, ${now} from ${projects}
          on conflict do nothing`,
    );
    const next = new Date(now.getTime() + this.settings.intervalMs);
    const claimed = await db
      .update(r)
      .set({ lastRunAt: now, nextRunAt: next })
      .where(
        inArray(
          r.projectId,
          sql`(select ${r.projectId} from ${r} where ${r.nextRunAt} <= ${now}
               order by ${r.nextRunAt} limit ${this.settings.batch} for update skip locked)`,
        ),
      )
      .returning({ projectId: r.projectId });
    for (const { projectId } of claimed) {
      if (this.rounds.stopped) return;
      try {
        await this.checkProject(projectId);
      } catch (error) {
        this.log.error({ err: error, projectId }, 'fault detection: round');
      }
    }
  }
}
