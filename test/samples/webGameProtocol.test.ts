/** The web game's WebSocket frames from a page: only the two known shapes pass, with inputs clamped. */
import { describe, expect, it } from 'vitest';
import { parseClientMessage } from '../../samples/web-game/protocol.js';

describe('parseClientMessage', () => {
  it('reads hello and input frames, clamping directions to -1, 0 or 1', () => {
    expect(parseClientMessage('{"type":"hello","userId":"1","lobbyId":"2"}')).toEqual({
      type: 'hello',
      userId: '1',
      lobbyId: '2',
    });
    expect(parseClientMessage('{"type":"input","dx":5,"dy":-0.5}')).toEqual({ type: 'input', dx: 1, dy: -1 });
    expect(parseClientMessage('{"type":"input","dx":0,"dy":0}')).toEqual({ type: 'input', dx: 0, dy: 0 });
  });

  it('ignores anything else', () => {
    for (const frame of [
      'not json',
      'null',
      '42',
      '{"type":"hello","userId":1,"lobbyId":"2"}',
      '{"type":"input","dx":"1","dy":0}',
      '{"type":"state"}',
    ]) {
      expect(parseClientMessage(frame), frame).toBeUndefined();
    }
  });
});
