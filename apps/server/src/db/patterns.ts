/** `%text%` for ILIKE, with the searcher's own %, _ and backslash taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
