/**
 * Reading the emulator's event log (`GET /_emulator/events`) from tests: the newest sequence number,
 * then the events after it.
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

/** The sequence number of the newest event so far (0 when there is none). */
export async function lastSeq(emu: EmulatorHandle): Promise<number> {
  const res = await emu.control<LoggedEvent[]>('GET', '/events?after=0');
  return res.body.at(-1)?.seq ?? 0;
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
