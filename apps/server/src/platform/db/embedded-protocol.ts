/** What the server's thread and the embedded database's thread (embedded-worker.ts) say to each other. */

/** The worker's start: where PGlite keeps its files (none: in memory) or the dump it starts from. */
export interface EmbeddedStart {
  readonly dataDir: string | undefined;
  readonly loadDataDir: ArrayBuffer | undefined;
  /** The Unix socket it serves PostgreSQL's protocol on: `<dir>/.s.PGSQL.<port>`, as `pg` finds it. */
  readonly socketPath: string;
}

export type EmbeddedRequest = { readonly type: 'dump' } | { readonly type: 'stop' };

export type EmbeddedAnswer =
  | { readonly type: 'ready' }
  | { readonly type: 'dump'; readonly tar: ArrayBuffer }
  | { readonly type: 'stopped' }
  | { readonly type: 'error'; readonly message: string };
