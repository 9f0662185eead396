/**
 * Parses a CSV answer of ids (Get Target Users: a `user_id` header line, then one id per line) into
 * an array of ids. Takes the first column, drops blank lines and a non-numeric header line, and strips
 * quotes.
 */
export function parseCsvIds(text: string): string[] {
  const ids: string[] = [];
  const lines = text.split(/\r\n|\n|\r/);
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).trim();
    if (line === '') continue;
    const first = (line.split(',')[0] as string)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim();
    if (first === '') continue;
    if (ids.length === 0 && !/^\d+$/.test(first)) continue; // the header line
    ids.push(first);
  }
  return ids;
}
