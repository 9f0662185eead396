/**
 * Property: random local changes, flushes and reads go through a proxy that faults requests at
 * random — 5xx, 403 refusals, 429s, connections dropped before the platform acts, and answers lost,
 * emptied, cut off or replaced by non-JSON after it acted. Once the faults stop and everything is
 * flushed, the platform equals the handle, nothing is pending, and every member and metadata change
 * is on the platform unless the handle reported it refused after it was made.
 *
 * Bounded and repeatable: the suite's fixed seed (test/support/propertySeed.ts; set
 * LOBBYKIT_PROPERTY_SEED to explore others; a failure prints the seed and path that replay it), 25
 * runs, no timers: every retry is an explicit flush(), and the client never waits (no retries of its
 * own, rate-limit waits refused at once, on a manual clock moved past them once the faults stop).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { demo } from '../../src/emulator/world/demoSeed.js';
import { isValidationError } from '../../src/rest/errors/guards.js';
import { type Fault, useFaultyProxy } from './faultyProxy.js';
import {
  client,
  handlePicture,
  makeUsers,
  manualRuntime,
  serverPicture,
  useLobbyEmulator,
} from './lobbySupport.js';

const USERS = 8;

const emu = useLobbyEmulator();
const faulty = useFaultyProxy(emu);

type Op =
  | { readonly op: 'set'; readonly key: string; readonly value: string | null }
  | { readonly op: 'upsert'; readonly user: number; readonly hp: string; readonly flags: 0 | 1 }
  | { readonly op: 'remove'; readonly user: number }
  | { readonly op: 'flush' }
  | { readonly op: 'refresh' }
  | { readonly op: 'wait' };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('set' as const),
      key: fc.constantFrom('map', 'round', 'mode'),
      value: fc.option(fc.string({ maxLength: 6 }), { nil: null }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant('upsert' as const),
      user: fc.nat({ max: USERS - 1 }),
      hp: fc.string({ maxLength: 4 }),
      flags: fc.constantFrom(0 as const, 1 as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('remove' as const), user: fc.nat({ max: USERS - 1 }) }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('flush' as const) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('refresh' as const) }) },
  // Lets the flushes and reads under way finish, so that later writes meet their answers.
  { weight: 2, arbitrary: fc.record({ op: fc.constant('wait' as const) }) },
);

// Every fault as likely as any other, and half of all requests faulted: the lost-answer kinds
// (after the platform acted) are the ones that used to strand changes.
const faultKinds: readonly Fault[] = [
  '500',
  '403',
  '429',
  'drop-before',
  'drop-after',
  'empty-after',
  'not-json-after',
  'truncated-after',
  'wrong-shape-after',
];
const fault: fc.Arbitrary<Fault> = fc.oneof(
  { weight: faultKinds.length, arbitrary: fc.constant<Fault>('pass') },
  ...faultKinds.map((f) => ({ weight: 1, arbitrary: fc.constant(f) })),
);

/** What the handle showed right after the last local write of a member (undefined: absent). */
type Intent = { readonly at: number; readonly member: { hp: string | undefined; flags: number } | undefined };

describe('sync property under faults', () => {
  it('ends with the platform equal to the handle, every change landed or reported refused', async () => {
    const users = [...demo.users.slice(2).map((u) => u.id), ...makeUsers(emu.emulator, USERS)].slice(
      0,
      USERS,
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { maxLength: 30 }),
        fc.array(fault, { maxLength: 40 }),
        async (ops, faults) => {
          // One manual clock for the client and the runtime: a 429's wait is refused at once
          // (maxRateLimitWaitMs 0) and has passed once the clock moves on at the end.
          const clock = new ManualClock();
          const rest = client(
            faulty.proxy.apiUrl,
            { bot: demo.botToken },
            { clock, timeoutMs: 5_000, max429Retries: 0, maxRateLimitWaitMs: 0 },
          );
          const { runtime } = manualRuntime(emu.emulator, { rest, timers: false, clock });
          faulty.proxy.fault = () => 'pass';
          const lobby = await runtime.create({ metadata: { map: 'start' } });
          let n = 0;
          faulty.proxy.fault = () => faults[n++] ?? 'pass';

          // Every local write, and every refusal the handle reported, in order.
          let step = 0;
          const members = new Map<string, Intent>();
          let metadataIntent: { at: number; metadata: Record<string, string> } | undefined;
          const refusedAt = new Map<string, number>(); // member id, or '#metadata'
          lobby.on('syncError', (e) => {
            if (e.willRetry) return;
            for (const c of e.changes) refusedAt.set(c.kind === 'metadata' ? '#metadata' : c.id, step);
          });
          lobby.on('memberRejected', (e) => refusedAt.set(e.member.id, step));

          const inFlight: Promise<unknown>[] = [];
          for (const o of ops) {
            step++;
            try {
              if (o.op === 'set') {
                lobby.setMetadata({ [o.key]: o.value });
                metadataIntent = { at: step, metadata: { ...lobby.metadata } };
              } else if (o.op === 'upsert') {
                const id = users[o.user]!;
                lobby.upsertMember(id, { metadata: { hp: o.hp }, flags: o.flags });
                const m = lobby.members.get(id)!;
                members.set(id, { at: step, member: { hp: m.metadata.hp, flags: m.flags } });
              } else if (o.op === 'remove') {
                const id = users[o.user]!;
                lobby.removeMember(id);
                members.set(id, { at: step, member: undefined });
              } else if (o.op === 'flush') inFlight.push(lobby.flush());
              else if (o.op === 'refresh') inFlight.push(lobby.refresh());
              else await Promise.allSettled(inFlight.splice(0));
            } catch (error) {
              if (!isValidationError(error)) throw error;
            }
          }
          await Promise.allSettled(inFlight);

          // The faults stop: flushing until nothing is pending, then one read of the truth.
          faulty.proxy.fault = () => 'pass';
          // Past any wait a 429 or an exhausted bucket asked for (a bucket's reset can be hours away).
          clock.advance(3 * 3_600_000);
          step++;
          for (let i = 0; i < 5 && lobby.pending.length > 0; i++) await lobby.flush().catch(() => undefined);
          expect(lobby.pending).toEqual([]);
          await lobby.refresh();
          const server = serverPicture(emu.emulator, lobby.id);
          expect(server).toEqual(handlePicture(lobby));

          for (const [id, intent] of members) {
            if ((refusedAt.get(id) ?? -1) >= intent.at) continue; // refused, and reported as such
            const landed = server?.members[id];
            if (intent.member === undefined) expect(landed).toBeUndefined();
            else expect({ hp: landed?.metadata.hp, flags: landed?.flags }).toEqual(intent.member);
          }
          if (metadataIntent && (refusedAt.get('#metadata') ?? -1) < metadataIntent.at) {
            expect(server?.metadata).toEqual(metadataIntent.metadata);
          }
          await runtime.dispose();
        },
      ),
      { numRuns: 25 },
    );
  });
});
