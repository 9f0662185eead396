/**
 * The router's tree against a plain linear scan of the same table in specificity order (the
 * definition of what it must answer): every real route's paths, with literals, ids, other words,
 * escapes and empty segments in every place, and a synthetic table of overlapping templates.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Router, type RouteMatch } from '../../src/emulator/http/Router.js';
import type { HttpMethod, RouteDef } from '../../src/spec/route.js';
import { routeList } from '../../src/spec/routes.js';

/** The oracle: every template of the path's length, most specific first, the first of the method wins. */
function linearMatch(routes: readonly RouteDef[], method: string, path: string): RouteMatch {
  let parts: string[];
  try {
    parts = path
      .split('/')
      .slice(1)
      .map((p) => (path.includes('%') ? decodeURIComponent(p) : p));
  } catch {
    return { kind: 'notFound' };
  }
  const rank = (segment: string | undefined): number =>
    segment === undefined || !segment.includes('{') ? 0 : /^\{[a-z0-9_]+\}$/.test(segment) ? 2 : 1;
  const candidates = routes
    .map((route) => ({ route, segments: route.path.split('/').slice(1) }))
    .filter((c) => c.segments.length === parts.length)
    .sort((a, b) => {
      for (let i = 0; i < a.segments.length; i += 1) {
        const d = rank(a.segments[i]) - rank(b.segments[i]);
        if (d !== 0) return d;
      }
      return 0;
    });
  const allowed: HttpMethod[] = [];
  for (const { route, segments } of candidates) {
    const params: Record<string, string> = {};
    const ok = segments.every((segment, i) => {
      const part = parts[i] as string;
      if (rank(segment) === 0) return segment === part;
      const names: string[] = [];
      const source = segment
        .split(/(\{[a-z0-9_]+\})/)
        .map((piece) => {
          const name = /^\{([a-z0-9_]+)\}$/.exec(piece)?.[1];
          if (name === undefined) return piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          names.push(name);
          return '(.+?)';
        })
        .join('');
      const match = new RegExp(`^${source}$`).exec(part);
      if (!match) return false;
      names.forEach((name, k) => {
        params[name] = match[k + 1] as string;
      });
      return true;
    });
    if (!ok) continue;
    if (route.method === method) return { kind: 'found', route, params };
    if (!allowed.includes(route.method)) allowed.push(route.method);
  }
  return allowed.length > 0 ? { kind: 'methodNotAllowed', allowed } : { kind: 'notFound' };
}

/** What a match says, comparable: the route's name instead of the route. */
function summary(match: RouteMatch): unknown {
  if (match.kind === 'found')
    return { kind: match.kind, route: match.route.name, params: { ...match.params } };
  return match;
}

const methods: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Paths shaped like `template`: each segment its literal, an id, another word, an escape or nothing. */
function pathsLike(templates: readonly string[]): fc.Arbitrary<string> {
  const segmentOf = (segment: string): fc.Arbitrary<string> =>
    fc.oneof(
      fc.constant(segment.replace(/\{[a-z0-9_]+\}/g, '123')),
      fc.constant('1234567890123456789'),
      fc.constantFrom('@me', 'bulk', 'members', 'widget.json', 'x.png', '%40me', '%E0%A4%A', ''),
    );
  return fc
    .constantFrom(...templates)
    .chain((template) =>
      fc.tuple(...template.split('/').slice(1).map(segmentOf)).map((parts) => `/${parts.join('/')}`),
    );
}

function route(name: string, method: HttpMethod, path: string): RouteDef {
  return {
    name,
    operation: name,
    area: 'lobbies',
    method,
    path,
    auth: 'none',
    audit: false,
    params: z.object({}),
    status: 200,
    responseKind: 'json',
    idempotent: true,
  };
}

describe('Router', () => {
  it('answers every path of the real table as a linear scan in specificity order does', () => {
    const router = new Router(routeList);
    fc.assert(
      fc.property(pathsLike(routeList.map((r) => r.path)), fc.constantFrom(...methods), (path, method) => {
        expect(summary(router.match(method, path))).toEqual(summary(linearMatch(routeList, method, path)));
      }),
      { numRuns: 3000 },
    );
  });

  it('answers overlapping templates, mixed segments and methods as the linear scan does', () => {
    const table = [
      route('thingByName', 'GET', '/things/{thing_id}/{name}'),
      route('thingMe', 'PATCH', '/things/@me/{name}'),
      route('thingFile', 'GET', '/things/{thing_id}/{name}.png'),
      route('thingFileOther', 'GET', '/things/{thing_id}/{other}.png'),
      route('thingJson', 'GET', '/things/{thing_id}/widget.json'),
      route('thingPair', 'GET', '/things/{a}.{b}/x'),
      route('thingPairPng', 'POST', '/things/{a}.png/x'),
      route('literalLast', 'DELETE', '/things/{thing_id}/members'),
      route('paramFirst', 'PUT', '/{area}/bulk/members'),
    ];
    const router = new Router(table);
    fc.assert(
      fc.property(pathsLike(table.map((r) => r.path)), fc.constantFrom(...methods), (path, method) => {
        expect(summary(router.match(method, path))).toEqual(summary(linearMatch(table, method, path)));
      }),
      { numRuns: 3000 },
    );
  });

  it('prefers literals, falls back to a placeholder of the method, and names the methods of a 405', () => {
    const router = new Router([
      route('patchMe', 'PATCH', '/members/@me'),
      route('getMember', 'GET', '/members/{user_id}'),
      route('deleteMember', 'DELETE', '/members/{user_id}'),
    ]);
    expect(summary(router.match('PATCH', '/members/@me'))).toEqual({
      kind: 'found',
      route: 'patchMe',
      params: {},
    });
    expect(summary(router.match('GET', '/members/@me'))).toEqual({
      kind: 'found',
      route: 'getMember',
      params: { user_id: '@me' },
    });
    expect(router.match('POST', '/members/@me')).toEqual({
      kind: 'methodNotAllowed',
      allowed: ['PATCH', 'GET', 'DELETE'],
    });
    expect(router.match('GET', '/members/')).toEqual({ kind: 'notFound' });
    expect(router.match('GET', '/members/%E0%A4%A')).toEqual({ kind: 'notFound' });
    expect(summary(router.match('GET', '/members/a%2Fb'))).toEqual({
      kind: 'found',
      route: 'getMember',
      params: { user_id: 'a/b' },
    });
  });
});
