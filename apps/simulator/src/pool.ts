/** Runs `task` over `items` with at most `limit` at a time; answers the results in order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next++;
      const item = items[index];
      if (item !== undefined) results[index] = await task(item, index);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** At most `size` operations in flight (QoS 1 publishes awaiting their PUBACK). */
export class Window {
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly drained: (() => void)[] = [];
  constructor(private readonly size: number) {}

  /** Waits for a free slot, starts `task` and returns without waiting for it; `onError` hears its failure. */
  async submit(task: () => Promise<unknown>, onError: (error: unknown) => void): Promise<void> {
    while (this.inFlight >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.inFlight += 1;
    task()
      .catch(onError)
      .finally(() => {
        this.inFlight -= 1;
        this.waiting.shift()?.();
        if (this.inFlight === 0) for (const resolve of this.drained.splice(0)) resolve();
      });
  }

  /** Resolves once nothing is in flight. */
  async drain(): Promise<void> {
    if (this.inFlight > 0) await new Promise<void>((resolve) => this.drained.push(resolve));
  }
}
