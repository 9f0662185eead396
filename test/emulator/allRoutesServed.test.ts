/**
 * The emulator serves every operation of the route table: none answers 501 for want of a handler,
 * and no handler exists for a route the table does not declare.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allHandlers } from '../../src/emulator/handlers/allHandlers.js';
import { type Emulator, startEmulator } from '../../src/emulator/index.js';
import { routeList } from '../../src/spec/routes.js';

describe('the emulator serves the whole route table', () => {
  let emu: Emulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, rateLimits: 'off' });
  });
  afterAll(() => emu.close());

  it('has a handler for each of the 79 operations', () => {
    expect(routeList).toHaveLength(79);
    expect(emu.unimplementedRoutes()).toEqual([]);
  });

  it('has no handler for an operation the table does not declare', () => {
    const declared = new Set(routeList.map((route) => route.name));
    expect(Object.keys(allHandlers).filter((name) => !declared.has(name as never))).toEqual([]);
  });
});
