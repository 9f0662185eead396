/**
 * The platform router, compiled once from the route table: each path template becomes a list of
 * segments (literal or `{placeholder}`). A request path matches a template segment by segment; when
 * several templates match, literal segments win over placeholders at the first place they differ
 * (`/members/@me` before `/members/{user_id}`). A path that matches no template is a 404; one that
 * matches only templates of other methods is a 405. The control API routes its own table with it too
 * (any entry with a method and a path template).
 */
import type { RouteDef } from '../../spec/route.js';

type Segment =
  | { readonly literal: string }
  | { readonly param: string }
  | { readonly pattern: RegExp; readonly names: readonly string[] };

function compileSegment(text: string): Segment {
  const whole = /^\{([a-z0-9_]+)\}$/.exec(text)?.[1];
  if (whole !== undefined) return { param: whole };
  if (!text.includes('{')) return { literal: text };
  const names: string[] = [];
  const source = text
    .split(/(\{[a-z0-9_]+\})/)
    .map((piece) => {
      const name = /^\{([a-z0-9_]+)\}$/.exec(piece)?.[1];
      if (name === undefined) return piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      return '(.+?)';
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`), names };
}

/** 0 for a literal, 1 for a mixed segment, 2 for a placeholder: lower is more specific. */
function rank(segment: Segment | undefined): number {
  if (!segment || 'literal' in segment) return 0;
  return 'pattern' in segment ? 1 : 2;
}

/** What the router routes: a method and a path template (a {@link RouteDef}, a control route). */
export interface RoutedPath {
  readonly method: string;
  readonly path: string;
}

interface CompiledRoute<R extends RoutedPath> {
  readonly route: R;
  /** A literal segment, a whole-segment placeholder, or a mixed one (`{id}.png`) as a pattern. */
  readonly segments: ReadonlyArray<Segment>;
}

/** What the router found for a method and path. */
export type RouteMatch<R extends RoutedPath = RouteDef> =
  | { readonly kind: 'found'; readonly route: R; readonly params: Record<string, string> }
  | { readonly kind: 'notFound' }
  | { readonly kind: 'methodNotAllowed'; readonly allowed: readonly R['method'][] };

/** Splits a path into segments; undefined when a segment is not valid percent-encoding. */
function splitPath(path: string): string[] | undefined {
  const raw = path.split('/').slice(1);
  // Most paths hold no escape: nothing to decode.
  if (!path.includes('%')) return raw;
  const out: string[] = [];
  for (const segment of raw) {
    try {
      out.push(decodeURIComponent(segment));
    } catch {
      return undefined;
    }
  }
  return out;
}

/** Routes by method and path. */
export class Router<R extends RoutedPath = RouteDef> {
  readonly #byLength = new Map<number, CompiledRoute<R>[]>();

  /** Compiles every route's path template (relative to the API base, e.g. `/lobbies/{lobby_id}`). */
  constructor(routes: readonly R[]) {
    for (const route of routes) {
      const segments = route.path.split('/').slice(1).map(compileSegment);
      const list = this.#byLength.get(segments.length) ?? [];
      list.push({ route, segments });
      this.#byLength.set(segments.length, list);
    }
    // Most specific first: compare segment by segment, a literal before a placeholder.
    for (const list of this.#byLength.values()) list.sort((a, b) => specificity(a, b));
  }

  /** Finds the route for `method` and `path` (below the API base, without query string). */
  match(method: string, path: string): RouteMatch<R> {
    const parts = splitPath(path);
    if (!parts) return { kind: 'notFound' };
    const candidates = this.#byLength.get(parts.length) ?? [];
    const allowed: R['method'][] = [];
    for (const candidate of candidates) {
      const params = matchSegments(candidate, parts);
      if (!params) continue;
      if (candidate.route.method === method) return { kind: 'found', route: candidate.route, params };
      if (!allowed.includes(candidate.route.method)) allowed.push(candidate.route.method);
    }
    return allowed.length > 0 ? { kind: 'methodNotAllowed', allowed } : { kind: 'notFound' };
  }
}

function specificity<R extends RoutedPath>(a: CompiledRoute<R>, b: CompiledRoute<R>): number {
  for (let i = 0; i < a.segments.length; i++) {
    const x = rank(a.segments[i]);
    const y = rank(b.segments[i]);
    if (x !== y) return x - y;
  }
  return 0;
}

function matchSegments<R extends RoutedPath>(
  candidate: CompiledRoute<R>,
  parts: readonly string[],
): Record<string, string> | undefined {
  const params = Object.create(null) as Record<string, string>;
  for (let i = 0; i < parts.length; i++) {
    const segment = candidate.segments[i];
    const part = parts[i] as string;
    if (!segment) return undefined;
    if ('literal' in segment) {
      if (segment.literal !== part) return undefined;
    } else if ('pattern' in segment) {
      const match = segment.pattern.exec(part);
      if (!match) return undefined;
      segment.names.forEach((name, index) => {
        params[name] = match[index + 1] as string;
      });
    } else {
      if (part === '') return undefined;
      params[segment.param] = part;
    }
  }
  return params;
}
