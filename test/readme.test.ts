/**
 * README.md's operation table is generated from the route table. This test fails when they drift;
 * `npm run readme:routes` rewrites the table.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeList } from '../src/spec/routes.js';
import { renderRouteTable, spliceRouteTable } from './support/routeTable.js';

const readmePath = new URL('../README.md', import.meta.url);

describe('README', () => {
  it('lists every operation of the route table', () => {
    const readme = readFileSync(readmePath, 'utf8');
    const expected = spliceRouteTable(readme, renderRouteTable(routeList));
    if (process.env.LOBBYKIT_WRITE_README === '1' && expected !== readme) writeFileSync(readmePath, expected);
    else expect(readme, 'README.md is out of date: run `npm run readme:routes`').toBe(expected);
  });

  it('starts with the command that runs the main job and the one that runs the tests', () => {
    const head = readFileSync(readmePath, 'utf8').split('\n').slice(0, 40).join('\n');
    expect(head).toMatch(/npm (start|run [a-z:-]+)/);
    expect(head).toMatch(/npm (test|run test)/);
  });
});
