/**
 * The route table against the platform's official OpenAPI document: every operation exists there with
 * the same method, and sample requests and responses that the document accepts, our schemas accept too.
 */
import { describe, expect, it } from 'vitest';
import { pathParams } from '../../src/spec/route.js';
import { routeList } from '../../src/spec/routes.js';
import { routeSummaries } from '../../src/spec/routeSummaries.js';
import {
  describeConformance,
  describeErrors,
  documentedStatuses,
  findOperation,
  requestValidator,
  responseValidator,
} from '../support/openapi.js';
import { allSamples } from './samples/allSamples.js';

/** Operations the document does not list, and why. */
const absentFromOpenApi: Readonly<Record<string, string>> = {
  modifyCurrentUserNick: 'deprecated route, dropped from the document',
  createGuild: 'removed for applications, dropped from the document',
};

describeConformance('route table vs the official OpenAPI document', () => {
  for (const route of routeList) {
    const absent = absentFromOpenApi[route.name];
    describe(`${route.name} (${route.method} ${route.path})`, () => {
      if (absent) {
        it(`is absent from the document (${absent})`, () => {
          expect(findOperation(route.method, route.path)).toBeUndefined();
          expect(route.deprecated ?? route.removed).toBeTruthy();
        });
      } else {
        it('exists with the same method and path', () => {
          expect(findOperation(route.method, route.path)).toBeDefined();
        });

        it('succeeds with a status the document declares', () => {
          const statuses = Array.isArray(route.status) ? route.status : [route.status];
          const documented = documentedStatuses(route.method, route.path);
          for (const status of statuses) expect(documented).toContain(String(status));
        });
      }

      const samples = allSamples[route.name] ?? {};
      const requests = samples.request ?? [];
      const responses = samples.response ?? [];

      if (route.body && route.bodyKind !== 'multipart') {
        it('has request samples', () => expect(requests.length).toBeGreaterThan(0));
      }
      if (route.responseKind === 'json') {
        it('has response samples', () => expect(responses.length).toBeGreaterThan(0));
      }

      requests.forEach((sample, i) => {
        it(`accepts request sample ${i} as the document does`, () => {
          const validate = absent ? null : requestValidator(route.method, route.path);
          if (validate) expect(validate(sample), describeErrors(validate)).toBe(true);
          const parsed = route.body?.safeParse(sample);
          expect(parsed?.success, JSON.stringify(parsed?.error?.issues)).toBe(true);
        });
      });

      responses.forEach((sample, i) => {
        it(`accepts response sample ${i} as the document does`, () => {
          const status = Array.isArray(route.status) ? route.status[0] : route.status;
          const validate = absent ? null : responseValidator(route.method, route.path, status);
          if (validate) expect(validate(sample), describeErrors(validate)).toBe(true);
          const parsed = route.response?.safeParse(sample);
          expect(parsed?.success, JSON.stringify(parsed?.error?.issues)).toBe(true);
        });
      });
    });
  }
});

describe('route table', () => {
  it('declares the 79 operations of paths.md, each once', () => {
    expect(routeList).toHaveLength(79);
    expect(new Set(routeList.map((r) => r.name)).size).toBe(79);
    expect(new Set(routeList.map((r) => `${r.method} ${r.path}`)).size).toBe(79);
  });

  it('lets only bodies of harmless defaults be left out (sent as {}), and each of those accepts {}', () => {
    const optional = routeList.filter((r) => r.bodyOptional === true).map((r) => r.name);
    expect(optional.sort()).toEqual(
      ['addLobbyMember', 'createChannelInvite', 'createGuildBan', 'createGuildRole', 'createLobby'].sort(),
    );
    for (const route of routeList) {
      if (route.bodyOptional) expect(route.body?.safeParse({}).success, route.name).toBe(true);
    }
  });

  it("has a one-line summary for every operation and for nothing else (the facades' TSDoc reads it)", () => {
    expect(Object.keys(routeSummaries).sort()).toEqual(routeList.map((r) => r.name).sort());
    for (const [name, line] of Object.entries(routeSummaries)) {
      expect(line, name).toMatch(/^[A-Z].{10,}\.$/);
      expect(line, name).not.toContain('\n');
    }
    // The table itself carries no prose (kept out of every bundle).
    for (const route of routeList) expect('summary' in route, route.name).toBe(false);
  });

  it('names every operation in camelCase', () => {
    for (const route of routeList) expect(route.name).toMatch(/^[a-z][a-zA-Z]+$/);
  });

  it('declares a params schema key for every placeholder, and no other', () => {
    for (const route of routeList) {
      const shape = (route.params as unknown as { shape?: Record<string, unknown> }).shape ?? {};
      expect(Object.keys(shape).sort(), route.name).toEqual(pathParams(route.path).sort());
    }
  });

  it('gives JSON-answering operations a response schema and 204s none', () => {
    for (const route of routeList) {
      if (route.responseKind === 'json') expect(route.response, route.name).toBeDefined();
      if (route.responseKind === 'empty') expect(route.status, route.name).toBe(204);
    }
  });

  it('marks reads and PUT/DELETE as safe to repeat, and no non-idempotent POST', () => {
    for (const route of routeList) {
      if (['GET', 'PUT', 'DELETE'].includes(route.method)) expect(route.idempotent, route.name).toBe(true);
    }
  });

  it('marks the deprecated and removed operations', () => {
    const byName = new Map(routeList.map((r) => [r.name, r]));
    expect(byName.get('modifyCurrentUserNick')?.deprecated).toBeTruthy();
    expect(byName.get('createGuild')?.removed).toBeTruthy();
  });
});
