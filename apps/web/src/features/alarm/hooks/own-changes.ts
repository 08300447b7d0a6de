/** How long after an Ignore all the pushes that follow are taken as its echo. */
export const BULK_ECHO_MS = 5_000;

/**
 * The alert changes this screen made itself. The server pushes every change to every socket of the tenant,
 * this one included (sometimes before the HTTP answer): those echoes must not raise 'Alert status is
 * changed', which is for changes made elsewhere.
 */
export class OwnChanges {
  private readonly ids = new Set<number>();
  private bulkUntil = 0;

  /** Before sending a change of one alert. */
  expect(id: number): void {
    this.ids.add(id);
  }

  /** Before an Ignore all: its ids are not known in advance. */
  expectBulk(now = Date.now()): void {
    this.bulkUntil = now + BULK_ECHO_MS;
  }

  /** The change was refused: nothing will echo. */
  forget(id: number): void {
    this.ids.delete(id);
  }

  /** The pushed ids that were changed elsewhere; the echo of an own change is consumed. */
  foreign(ids: readonly number[], now = Date.now()): number[] {
    if (now < this.bulkUntil) return [];
    return ids.filter((id) => !this.ids.delete(id));
  }
}
