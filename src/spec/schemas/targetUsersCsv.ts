/**
 * The CSV format of an invite's target users: a single column of user ids, one per line, under an
 * optional header `user_id`. Update Target Users and Create Channel Invite upload it as
 * `target_users_file`; Get Target Users answers it in the standardized form {@link formatTargetUsersCsv}
 * writes.
 */
const SNOWFLAKE_RE = /^\d{1,20}$/;
const MAX_SNOWFLAKE = (1n << 64n) - 1n;

/**
 * Whether a value is a snowflake (the rule of `common.snowflake`). Checked by hand because that
 * schema's 64-bit refinement runs `BigInt` even after its pattern failed, which throws on text.
 */
function isSnowflake(value: string): boolean {
  return SNOWFLAKE_RE.test(value) && BigInt(value) <= MAX_SNOWFLAKE;
}

/** The one column of the file: the header Get Target Users writes and uploads may carry. */
export const targetUsersCsvHeader = 'user_id';

/** What {@link parseTargetUsersCsv} found: the ids in file order, and one message per bad line. */
export interface TargetUsersCsv {
  /** Valid user ids, in file order, each once (a repeated id is kept at its first line). */
  readonly ids: string[];
  /** One message per bad line, `line <n>: <reason>`, lines counted from 1 (the header included). */
  readonly errors: string[];
}

/** A field may be wrapped in double quotes, as spreadsheet exports do. */
function unquote(field: string): string {
  return field.length >= 2 && field.startsWith('"') && field.endsWith('"')
    ? field.slice(1, -1).trim()
    : field;
}

/** A value quoted for an error message, cut short so that a huge line cannot flood the answer. */
function show(value: string): string {
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}

/**
 * Parses a target-users CSV file. Rules, decided here since the platform documents only "a single
 * column of user ids":
 * - lines end with LF or CRLF; a leading byte-order mark is ignored;
 * - the first line may be the header `user_id` (any case, optionally quoted);
 * - blank lines (anywhere, including the trailing one) are skipped; surrounding spaces and a pair of
 *   double quotes around a value are ignored;
 * - every other line must be exactly one snowflake: a second column or a non-snowflake is an error
 *   naming the line (`line 3: "abc" is not a user id (expected a snowflake)`);
 * - a repeated id is not an error: it counts once.
 * An empty file (or a header alone) gives no ids and no errors; whether an empty list is acceptable
 * is the caller's decision. The emulator answers 400 `{target_users_file: errors}` when `errors` is
 * not empty.
 */
export function parseTargetUsersCsv(text: string): TargetUsersCsv {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const ids: string[] = [];
  const seen = new Set<string>();
  const errors: string[] = [];
  lines.forEach((raw, index) => {
    const lineNumber = index + 1;
    const line = raw.trim();
    if (line === '') return;
    if (index === 0 && unquote(line).toLowerCase() === targetUsersCsvHeader) return;
    if (line.includes(',')) {
      errors.push(`line ${lineNumber}: expected a single column (one user id), got ${show(line)}`);
      return;
    }
    const value = unquote(line);
    if (!isSnowflake(value)) {
      errors.push(`line ${lineNumber}: ${show(value)} is not a user id (expected a snowflake)`);
      return;
    }
    if (seen.has(value)) return;
    seen.add(value);
    ids.push(value);
  });
  return { ids, errors };
}

/**
 * Writes the standardized CSV of Get Target Users: the header `user_id`, then one id per line, each
 * line ending with LF (`'user_id\n1301…\n'`; `'user_id\n'` for no ids).
 */
export function formatTargetUsersCsv(ids: readonly string[]): string {
  return [targetUsersCsvHeader, ...ids].map((line) => `${line}\n`).join('');
}
