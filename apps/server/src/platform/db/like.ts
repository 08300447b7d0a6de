/** An ILIKE pattern for "contains": `%` and `_` typed into a search box are searched for, not wildcards. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
