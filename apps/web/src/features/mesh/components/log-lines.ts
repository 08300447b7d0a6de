/** The first `count` lines of a version's log, and whether there is more. */
export function firstLines(log: string, count = 2): { text: string; more: boolean } {
  const lines = log.split('\n').filter((l) => l.trim() !== '');
  return { text: lines.slice(0, count).join('\n'), more: lines.length > count };
}
