/**
 * The platform router, compiled once from the route table into a tree of path segments: each node
 * has its literal children (one map lookup), its mixed children (`{id}.png`, as patterns) and its
 * placeholder child. A request path is matched segment by segment, trying at each place a literal,
 * then a mixed segment, then a placeholder, so that the first template found is the most specific
 * one: literal segments win over placeholders at the first place templates differ
 * (`/members/@me` before `/members/{user_id}`). A path that matches no template is a 404; one that
 * matches only templates of other methods is a 405. Matching allocates nothing but the params of the
 * route found. The control API routes its own table with it too (any entry with a method and a path
 * template).
 */
import type { RouteDef } from '../../spec/route.js';

/** A mixed segment (`{id}.png`): literal text around placeholders, as a pattern. */
interface MixedSegment<R extends RoutedPath> {
  /** The template's text of the segment. */
  readonly text: string;
  readonly pattern: RegExp;
  readonly names: readonly string[];
  readonly node: TreeNode<R>;
}

/** One place of the tree: what may come next, and the routes whose template ends here. */
interface TreeNode<R extends RoutedPath> {
  readonly literals: Map<string, TreeNode<R>>;
  readonly mixed: MixedSegment<R>[];
  /** The placeholder child: its name may differ per template, so each template keeps its names. */
  param: TreeNode<R> | undefined;
  /** Templates ending here, in route-table order (one per method, first one wins). */
  readonly routes: EndingRoute<R>[];
}

/** What the router routes: a method and a path template (a {@link RouteDef}, a control route). */
export interface RoutedPath {
  readonly method: string;
  readonly path: string;
}

/** A route and the names of its whole-segment placeholders, in path order. */
interface EndingRoute<R extends RoutedPath> {
  readonly route: R;
  /** For each segment of the template: its placeholder name, or undefined for other segments. */
  readonly paramNames: ReadonlyArray<string | undefined>;
}

/** What the router found for a method and path. */
export type RouteMatch<R extends RoutedPath = RouteDef> =
  | { readonly kind: 'found'; readonly route: R; readonly params: Record<string, string> }
  | { readonly kind: 'notFound' }
  | { readonly kind: 'methodNotAllowed'; readonly allowed: readonly R['method'][] };

const NOT_FOUND = Object.freeze({ kind: 'notFound' as const });
const WHOLE_PARAM = /^\{([a-z0-9_]+)\}$/;

function newNode<R extends RoutedPath>(): TreeNode<R> {
  return { literals: new Map(), mixed: [], param: undefined, routes: [] };
}

function compileMixed(text: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = text
    .split(/(\{[a-z0-9_]+\})/)
    .map((piece) => {
      const name = WHOLE_PARAM.exec(piece)?.[1];
      if (name === undefined) return piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      return '(.+?)';
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`), names };
}

/** Splits a path into segments; undefined when a segment is not valid percent-encoding. */
function splitPath(path: string): string[] | undefined {
  const raw = path.split('/');
  raw.shift();
  // Most paths hold no escape: nothing to decode.
  if (!path.includes('%')) return raw;
  for (let i = 0; i < raw.length; i += 1) {
    try {
      raw[i] = decodeURIComponent(raw[i] as string);
    } catch {
      return undefined;
    }
  }
  return raw;
}

/** The state of one match: the request, and the mixed captures of the branch being tried. */
interface Search<R extends RoutedPath> {
  readonly method: string;
  readonly parts: readonly string[];
  /** Captures of mixed segments on the current branch, name then value (pushed and popped). */
  readonly captures: string[];
  /** Methods of templates that matched the path but not the method (filled only on a miss). */
  allowed: R['method'][] | undefined;
}

/** Routes by method and path. */
export class Router<R extends RoutedPath = RouteDef> {
  readonly #root: TreeNode<R> = newNode();

  /** Compiles every route's path template (relative to the API base, e.g. `/lobbies/{lobby_id}`). */
  constructor(routes: readonly R[]) {
    for (const route of routes) {
      let node = this.#root;
      const paramNames: Array<string | undefined> = [];
      for (const text of route.path.split('/').slice(1)) {
        const whole = WHOLE_PARAM.exec(text)?.[1];
        paramNames.push(whole);
        if (whole !== undefined) {
          node.param ??= newNode();
          node = node.param;
        } else if (!text.includes('{')) {
          let next = node.literals.get(text);
          if (next === undefined) {
            next = newNode();
            node.literals.set(text, next);
          }
          node = next;
        } else {
          let mixed = node.mixed.find((m) => m.text === text);
          if (mixed === undefined) {
            mixed = { text, ...compileMixed(text), node: newNode() };
            node.mixed.push(mixed);
          }
          node = mixed.node;
        }
      }
      node.routes.push({ route, paramNames });
    }
  }

  /** Finds the route for `method` and `path` (below the API base, without query string). */
  match(method: string, path: string): RouteMatch<R> {
    const parts = splitPath(path);
    if (!parts) return NOT_FOUND;
    const search: Search<R> = { method, parts, captures: [], allowed: undefined };
    const found = find(this.#root, 0, search);
    if (found !== undefined) return { kind: 'found', route: found.route, params: paramsOf(found, search) };
    // A miss: walk again, now collecting the methods of every template the path matches.
    search.allowed = [];
    find(this.#root, 0, search);
    return search.allowed.length > 0 ? { kind: 'methodNotAllowed', allowed: search.allowed } : NOT_FOUND;
  }
}

/**
 * The first template below `node` (in specificity order) that matches `parts` from `index` on and
 * has the method; undefined when none does. While `search.allowed` is set, collects instead the
 * methods of every template matching the path and finds nothing.
 */
function find<R extends RoutedPath>(
  node: TreeNode<R>,
  index: number,
  search: Search<R>,
): EndingRoute<R> | undefined {
  const { parts } = search;
  if (index === parts.length) {
    for (const ending of node.routes) {
      if (search.allowed === undefined) {
        if (ending.route.method === search.method) return ending;
      } else if (!search.allowed.includes(ending.route.method)) search.allowed.push(ending.route.method);
    }
    return undefined;
  }
  const part = parts[index] as string;
  const literal = node.literals.get(part);
  if (literal !== undefined) {
    const found = find(literal, index + 1, search);
    if (found !== undefined) return found;
  }
  for (const mixed of node.mixed) {
    const match = mixed.pattern.exec(part);
    if (match === null) continue;
    const before = search.captures.length;
    mixed.names.forEach((name, i) => {
      search.captures.push(name, match[i + 1] as string);
    });
    const found = find(mixed.node, index + 1, search);
    if (found !== undefined) return found;
    search.captures.length = before;
  }
  if (node.param !== undefined && part !== '') return find(node.param, index + 1, search);
  return undefined;
}

/** The params of a found route: whole-segment placeholders, then captures of mixed segments. */
function paramsOf<R extends RoutedPath>(found: EndingRoute<R>, search: Search<R>): Record<string, string> {
  const params: Record<string, string> = {};
  const { paramNames } = found;
  for (let i = 0; i < paramNames.length; i += 1) {
    const name = paramNames[i];
    if (name !== undefined) params[name] = search.parts[i] as string;
  }
  const { captures } = search;
  for (let i = 0; i < captures.length; i += 2) params[captures[i] as string] = captures[i + 1] as string;
  return params;
}
