/**
 * Property: any sequence of local operations and flushes ends, after a final flush, with the
 * emulator's lobby equal to the handle's picture, and nothing pending.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidationError } from '../../src/rest/errors/guards.js';
import {
  demo,
  handlePicture,
  makeUsers,
  manualRuntime,
  serverPicture,
  useLobbyEmulator,
} from './lobbySupport.js';

const emu = useLobbyEmulator();

type Op =
  | { readonly op: 'set'; readonly key: string; readonly value: string | null }
  | { readonly op: 'replace'; readonly map: Record<string, string> }
  | {
      readonly op: 'upsert';
      readonly user: number;
      readonly metadata?: Record<string, string> | null;
      readonly flags?: number | null;
      readonly additionalName?: string | null;
    }
  | { readonly op: 'remove'; readonly user: number }
  | { readonly op: 'flush' }
  | { readonly op: 'refresh' };

const key = fc.constantFrom('a', 'b', 'c', 'mode', 'score');
const value = fc.string({ minLength: 0, maxLength: 12 });
const small = fc.dictionary(key, value, { maxKeys: 3 });
const USERS = 12;

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('set' as const), key, value: fc.option(value, { nil: null }) }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('replace' as const), map: small }) },
  {
    weight: 5,
    arbitrary: fc.record(
      {
        op: fc.constant('upsert' as const),
        user: fc.nat({ max: USERS - 1 }),
        metadata: fc.option(small, { nil: null }),
        flags: fc.option(fc.constantFrom(0, 1), { nil: null }),
        additionalName: fc.option(fc.string({ minLength: 0, maxLength: 6 }), { nil: null }),
      },
      { requiredKeys: ['op', 'user'] },
    ),
  },
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('remove' as const), user: fc.nat({ max: USERS - 1 }) }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('flush' as const) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('refresh' as const) }) },
);

describe('sync property', () => {
  it('random local operations and flushes end with the emulator equal to the handle', async () => {
    // The demo users (alice and bob are in the demo lobby too) and some fresh ones.
    const users = [...demo.users.map((u) => u.id), ...makeUsers(emu.emulator, USERS - demo.users.length)];
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 40 }), async (ops) => {
        const { runtime } = manualRuntime(emu.emulator, { timers: false });
        const lobby = await runtime.create({ metadata: { start: 'yes' }, members: [{ id: users[0]! }] });
        const inFlight: Promise<unknown>[] = [];
        for (const o of ops) {
          try {
            if (o.op === 'set') lobby.setMetadata({ [o.key]: o.value });
            else if (o.op === 'replace') lobby.replaceMetadata(o.map);
            else if (o.op === 'upsert') {
              const { op: _, user, ...patch } = o;
              lobby.upsertMember(users[user]!, patch);
            } else if (o.op === 'remove') lobby.removeMember(users[o.user]!);
            // Not awaited: later operations happen while the flush is out.
            else if (o.op === 'flush') inFlight.push(lobby.flush());
            else inFlight.push(lobby.refresh());
          } catch (error) {
            // An empty additional name is invalid: refused synchronously, nothing changed.
            if (!isValidationError(error)) throw error;
          }
        }
        await Promise.all(inFlight);
        await lobby.flush();
        expect(lobby.pending).toEqual([]);
        expect(serverPicture(emu.emulator, lobby.id)).toEqual(handlePicture(lobby));
        await runtime.dispose();
      }),
      { numRuns: 30 },
    );
  });
});
