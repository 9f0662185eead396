/**
 * The TSDoc of the facades' methods, written from THE route table: each entry `method: 'operation';`
 * of a facade's operation map gets the operation's summary (`routeSummaries`), then what a caller must know (operation
 * name, method and path, token, scopes, permissions, audit log, whether it is retried), and
 * `@deprecated` where the table says so. `syncFacadeDocs` rewrites the comment above every entry;
 * the facade docs test fails when a source is not what it would write (`npm run facades:docs`).
 */
import type { PermissionRule, RouteDef } from '../../../src/spec/route.js';
import { routeSummaries } from '../../../src/spec/routeSummaries.js';
import type { RouteName } from '../../../src/spec/routes.js';

/** The widest line of a doc comment, indentation and ` * ` included (biome's line width). */
const width = 110;

const tokenSentence: Readonly<Record<RouteDef['auth'], string>> = {
  bot: 'Bot token.',
  bearer: "A user's bearer token (pass `auth: { bearer }`).",
  either: 'Bot or bearer token.',
  none: 'No token.',
};

/**
 * A permission note without the table's references to code (`(featureChangeIssues)`, …): those
 * name the emulator's checks, not anything a caller reads.
 */
function plainNote(note: string): string {
  return note.replace(/ \([a-z][A-Za-z]*(?:, [a-z][A-Za-z]*)*\)/g, '');
}

function permissionSentence(rule: PermissionRule): string {
  const names = [
    ...(rule.allOf?.length ? [rule.allOf.join(' + ')] : []),
    ...(rule.anyOf?.length ? [`one of ${rule.anyOf.join(', ')}`] : []),
  ].join(', and ');
  const note = rule.note === undefined ? undefined : plainNote(rule.note);
  if (names === '') return note === undefined ? '' : `Permissions: ${note}.`;
  return `Needs ${names}${note === undefined ? '' : ` (${note})`}.`;
}

/**
 * `text` with each `@name` outside code spans put in one (`@everyone`): in a doc comment a bare one
 * would start a tag and cut the paragraph short.
 */
function quoteAts(text: string): string {
  return text.replace(/(`[^`]*`)|(?<![\w/])(@\w+)/g, (all, code: string | undefined, at: string) =>
    code === undefined ? `\`${at}\`` : all,
  );
}

/** The paragraphs of route `route`'s doc: summary, what a caller must know, deprecation. */
export function facadeDocParagraphs(route: RouteDef): string[] {
  const facts = [
    `${route.operation}: \`${route.method} ${route.path}\`.`,
    tokenSentence[route.auth],
    route.scopes?.length ? `Scopes: ${route.scopes.join(', ')}.` : '',
    route.bodyTokenScopes?.length
      ? `The token in the body needs the ${route.bodyTokenScopes.join(', ')} scope.`
      : '',
    route.intents?.length ? `Needs the ${route.intents.join(', ')} intent.` : '',
    route.permissions ? permissionSentence(route.permissions) : '',
    route.audit ? '`reason` goes to the audit log.' : '',
    route.idempotent ? '' : 'Not retried after a failure (not safe to repeat).',
  ].filter((s) => s !== '');
  const paragraphs = [quoteAts(routeSummaries[route.name as RouteName]), quoteAts(facts.join(' '))];
  if (route.deprecated !== undefined) {
    paragraphs.push(`@deprecated ${route.deprecated.replace(/^Deprecated: ?/, '')}`);
  } else if (route.removed !== undefined) {
    paragraphs.push(`@deprecated Removed: ${route.removed}`);
  }
  return paragraphs;
}

/** Splits at spaces outside code spans (a path in backticks stays on one line). */
function words(text: string): string[] {
  return text.match(/(?:`[^`]*`|[^\s`])+/g) ?? [];
}

function wrap(text: string, room: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of words(text)) {
    if (line !== '' && line.length + 1 + word.length > room) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** Route `route`'s doc comment, indented by `indent`. */
export function renderFacadeDoc(route: RouteDef, indent: string): string[] {
  const prefix = `${indent} * `;
  const body = facadeDocParagraphs(route).flatMap((p, i) => [
    ...(i > 0 ? [`${indent} *`] : []),
    ...wrap(p, width - prefix.length).map((l) => prefix + l),
  ]);
  return [`${indent}/**`, ...body, `${indent} */`];
}

/** An entry of an operation map: `  method: 'operation';`. */
const entry = /^(\s+)([A-Za-z]\w*): '(\w+)';$/;

/** The entries of the operation maps in `source`: method → operation. */
export function facadeEntries(source: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of source.split('\n')) {
    const m = entry.exec(line);
    if (m) out.set(m[2] as string, m[3] as string);
  }
  return out;
}

/**
 * `source` with the comment above each operation-map entry written from the table (entries whose
 * value names no operation are left alone).
 */
export function syncFacadeDocs(source: string, table: Readonly<Record<string, RouteDef>>): string {
  const out: string[] = [];
  for (const line of source.split('\n')) {
    const m = entry.exec(line);
    const route = m && Object.hasOwn(table, m[3] as string) ? table[m[3] as string] : undefined;
    if (m && route) {
      // Drop the comment written before, if any: it ends right above the entry.
      if (out.at(-1)?.trim() === '*/') {
        let start = out.length - 1;
        while (start > 0 && !out[start]?.trim().startsWith('/**')) start--;
        out.length = start;
      }
      out.push(...renderFacadeDoc(route, m[1] as string));
    }
    out.push(line);
  }
  return out.join('\n');
}
