/** The web game's own WebSocket protocol between the page and its server (JSON, one object a frame). */
import type { LobbyMessage } from 'lobbykit/browser';

/** A player on the field. */
export interface GamePlayer {
  readonly id: string;
  readonly name: string;
  readonly team: string;
  /** Position on the field, 0..1 on each axis. */
  readonly x: number;
  readonly y: number;
}

/** A lobby member as the server sees it (the bot's reconciled picture). */
export interface GameMember {
  readonly id: string;
  readonly name: string | null;
  readonly metadata: Readonly<Record<string, string>>;
}

/** Page → server. */
export type ClientMessage =
  /** After the overlay joined the lobby by secret: who the player is and which lobby. */
  | { readonly type: 'hello'; readonly userId: string; readonly lobbyId: string }
  /** The direction the player holds (-1, 0, 1 on each axis). */
  | { readonly type: 'input'; readonly dx: number; readonly dy: number };

/** Server → page. */
export type ServerMessage =
  /** The game's state, every step. */
  | {
      readonly type: 'state';
      readonly step: number;
      readonly players: readonly GamePlayer[];
      readonly members: readonly GameMember[];
    }
  /** A lobby message the server heard (webhook event), relayed as it arrives. */
  | { readonly type: 'chat'; readonly message: LobbyMessage }
  /** The server refused the player (wrong lobby, not a member). */
  | { readonly type: 'refused'; readonly reason: string };

/** Parses a page's frame, or undefined when it is not one of ours. */
export function parseClientMessage(data: string): ClientMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (v.type === 'hello' && typeof v.userId === 'string' && typeof v.lobbyId === 'string') {
    return { type: 'hello', userId: v.userId, lobbyId: v.lobbyId };
  }
  if (v.type === 'input' && typeof v.dx === 'number' && typeof v.dy === 'number') {
    const unit = (n: number) => (n > 0 ? 1 : n < 0 ? -1 : 0);
    return { type: 'input', dx: unit(v.dx), dy: unit(v.dy) };
  }
  return undefined;
}
