/**
 * Reading the emulator's event log from tests: the newest sequence number (a mark), then the events
 * after it (`GET /_emulator/events`).
 */
import { expect } from 'vitest';
import type { EmulatorHandle } from './emulator.js';

/** One event as `GET /_emulator/events` answers it. */
export interface LoggedEvent {
  readonly seq: number;
  readonly type: string;
  readonly guild_id?: string;
  readonly data: Record<string, unknown>;
}

/**
 * The sequence number of the newest event so far (0 when there is none): a mark to pass to
 * {@link eventsAfter}. Read from the world directly (set-up may touch it; only behaviour goes over
 * HTTP), rather than by fetching the whole log.
 */
export function lastSeq(emu: EmulatorHandle): number {
  return emu.emulator.world.events.lastSeq;
}

/** Events after `seq`, read through the control API; with `types`, only events of those types. */
export async function eventsAfter(
  emu: EmulatorHandle,
  seq: number,
  ...types: string[]
): Promise<LoggedEvent[]> {
  const res = await emu.control<LoggedEvent[]>('GET', `/events?after=${seq}`);
  expect(res.status).toBe(200);
  return types.length === 0 ? res.body : res.body.filter((e) => types.includes(e.type));
}
