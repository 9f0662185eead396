/** Renders the README's operation table from the route table, so that the two never drift. */
import type { RouteDef } from '../../src/spec/route.js';

/** Markers around the generated table in README.md. */
export const routeTableMarkers = {
  start: '<!-- routes:start (generated from src/spec/routes.ts by `npm run readme:routes`) -->',
  end: '<!-- routes:end -->',
} as const;

const authLabel: Readonly<Record<RouteDef['auth'], string>> = {
  bot: 'bot',
  bearer: 'bearer',
  either: 'bot or bearer',
  none: 'none',
};

/** The markdown table: one row per operation, grouped by area in table order. */
export function renderRouteTable(routes: readonly RouteDef[]): string {
  const rows = routes.map((r) => {
    const notes = [r.audit ? 'audit' : '', r.deprecated ? 'deprecated' : '', r.removed ? 'removed' : '']
      .filter(Boolean)
      .join(', ');
    return `| \`${r.name}\` | ${r.operation} | ${r.method} | \`${r.path}\` | ${authLabel[r.auth]} | ${notes} |`;
  });
  return [
    `${routes.length} operations.`,
    '',
    '| Name | Operation | Method | Path (below `/api/v10`) | Auth | Notes |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** Replaces the text between the markers with `table`; throws when the markers are missing. */
export function spliceRouteTable(readme: string, table: string): string {
  const start = readme.indexOf(routeTableMarkers.start);
  const end = readme.indexOf(routeTableMarkers.end);
  if (start < 0 || end < start) throw new Error('README.md lacks the routes:start / routes:end markers');
  return `${readme.slice(0, start + routeTableMarkers.start.length)}\n\n${table}\n\n${readme.slice(end)}`;
}
