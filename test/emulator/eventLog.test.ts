/**
 * The event log's ring: kept events, their order and `after` on both sides of the capacity, across
 * many wraps, after `clear()`, and for odd reader positions; checked against a plain array model
 * (what the log did before it was a ring: push, then drop the oldest past the capacity).
 */
import { describe, expect, it } from 'vitest';
import { type EmulatorEvent, EventLog } from '../../src/emulator/world/EventLog.js';

/** The model: every event ever emitted; the log keeps the newest `capacity` since the last clear. */
class Model {
  readonly events: number[] = [];
  #clearedAt = 0;
  constructor(readonly capacity: number) {}
  emit(seq: number): void {
    this.events.push(seq);
  }
  clear(): void {
    this.#clearedAt = this.events.length;
  }
  after(after: number): number[] {
    const kept = this.events.slice(this.#clearedAt).slice(-this.capacity);
    return kept.filter((seq) => seq > after);
  }
}

const seqs = (events: readonly EmulatorEvent[]) => events.map((e) => e.seq);

describe('EventLog', () => {
  it('keeps everything below its capacity, and exactly the newest `capacity` at and past it', () => {
    const capacity = 4;
    const log = new EventLog(capacity);
    const model = new Model(capacity);
    for (let n = 1; n <= 3 * capacity + 1; n += 1) {
      const event = log.emit('TEST', { n }, n);
      model.emit(event.seq);
      expect(event.seq).toBe(n);
      expect(seqs(log.after())).toEqual(model.after(0));
      // One below, at and one past the boundary: capacity - 1, capacity, capacity + 1 events.
      if (n === capacity - 1) expect(seqs(log.after())).toEqual([1, 2, 3]);
      if (n === capacity) expect(seqs(log.after())).toEqual([1, 2, 3, 4]);
      if (n === capacity + 1) expect(seqs(log.after())).toEqual([2, 3, 4, 5]);
    }
    expect(seqs(log.after())).toEqual([10, 11, 12, 13]);
    expect(log.lastSeq).toBe(13);
    // The events themselves, in order, with their data.
    expect(log.after(11).map((e) => e.data)).toEqual([{ n: 12 }, { n: 13 }]);
  });

  it('answers `after` for every reader position as the array did', () => {
    const log = new EventLog(5);
    const model = new Model(5);
    for (let n = 1; n <= 12; n += 1) model.emit(log.emit('TEST', null, 0).seq);
    for (const after of [-Infinity, -1, 0, 3, 6.5, 7, 8, 11, 11.9, 12, 13, 100, Number.NaN, Infinity])
      expect(seqs(log.after(after)), `after ${after}`).toEqual(model.after(after));
  });

  it('forgets on clear, continues the numbering, and fills again from empty', () => {
    const log = new EventLog(3);
    const model = new Model(3);
    for (let n = 0; n < 5; n += 1) model.emit(log.emit('TEST', null, 0).seq);
    log.clear();
    model.clear();
    expect(log.after()).toEqual([]);
    expect(log.lastSeq).toBe(5);
    for (let n = 0; n < 4; n += 1) {
      model.emit(log.emit('TEST', null, 0).seq);
      expect(seqs(log.after())).toEqual(model.after(0));
    }
    expect(seqs(log.after())).toEqual([7, 8, 9]);
    expect(seqs(log.after(7))).toEqual([8, 9]);
  });

  it('keeps guild and application ids and tells listeners in order', () => {
    const log = new EventLog(2);
    const seen: number[] = [];
    const stop = log.subscribe((e) => seen.push(e.seq));
    const guild = log.emit('GUILD_UPDATE', {}, 1, '10');
    const app = log.emit('LOBBY_MESSAGE_CREATE', {}, 2, undefined, '20');
    stop();
    log.emit('TEST', {}, 3);
    expect(seen).toEqual([1, 2]);
    expect(guild).toEqual({ seq: 1, type: 'GUILD_UPDATE', guild_id: '10', data: {}, at: 1 });
    expect(app).toEqual({ seq: 2, type: 'LOBBY_MESSAGE_CREATE', application_id: '20', data: {}, at: 2 });
    expect(seqs(log.after())).toEqual([2, 3]);
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => new EventLog(0)).toThrow(RangeError);
    expect(() => new EventLog(1.5)).toThrow(RangeError);
    const one = new EventLog(1);
    one.emit('A', null, 0);
    one.emit('B', null, 0);
    expect(one.after().map((e) => e.type)).toEqual(['B']);
  });
});
