/**
 * The web game's page: joins the lobby through the chat overlay (the player's bearer token, Create or
 * Join Lobby), says hello to the game server over its WebSocket, then draws the state the server
 * pushes and sends the keys held. One animation-frame loop draws the field and ticks the player's
 * runtime (`lobbykit/browser`'s loop binding in manual mode, through `overlay.frame()`). Chat
 * arrives relayed by the server (webhook events), not polled.
 */
import { mountChatOverlay } from '../chat-overlay/mountChatOverlay.js';
import type { OverlaySession } from '../chat-overlay/OverlaySession.js';
import { drawField } from './drawField.js';
import type { ClientMessage, GamePlayer, ServerMessage } from './protocol.js';

const query = new URLSearchParams(location.search);
const canvas = document.querySelector<HTMLCanvasElement>('#field');
const hud = document.querySelector<HTMLElement>('#hud');
const chat = document.querySelector<HTMLElement>('#chat');
const ctx = canvas?.getContext('2d');
if (!canvas || !hud || !chat || !ctx) throw new Error('the page lacks its elements');

const response = await fetch(`/session?as=${encodeURIComponent(query.get('as') ?? 'alice')}`);
if (!response.ok) throw new Error('no such player');
const session = (await response.json()) as OverlaySession;
const overlay = mountChatOverlay(chat, {
  apiUrl: session.apiUrl,
  token: session.token,
  secret: session.secret,
  self: { id: session.userId, name: session.name },
  messages: 'relay',
  loop: 'manual',
  title: 'Match chat',
});
let players: readonly GamePlayer[] = [];
const lobby = await overlay.ready;
if (lobby === null) {
  hud.textContent = 'Could not join the lobby (see the chat panel).';
} else {
  const socket = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ws`);
  const send = (message: ClientMessage) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };
  socket.addEventListener('open', () => send({ type: 'hello', userId: session.userId, lobbyId: lobby.id }));
  socket.addEventListener('close', () => {
    hud.textContent = 'Disconnected from the game server.';
  });
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as ServerMessage;
    if (message.type === 'state') {
      players = message.players;
      hud.textContent = `${players.length} player${players.length === 1 ? '' : 's'}: ${players.map((p) => p.name).join(', ')}`;
      overlay.setMembers(message.members);
    } else if (message.type === 'chat') {
      overlay.receive([message.message]);
    } else if (message.type === 'refused') {
      hud.textContent = `The game server refused you: ${message.reason}`;
    }
  });

  // Arrow keys or WASD, unless typing in the chat; Enter opens the chat box.
  const held = new Set<string>();
  const axes: Record<string, [number, number]> = {
    ArrowLeft: [-1, 0],
    a: [-1, 0],
    ArrowRight: [1, 0],
    d: [1, 0],
    ArrowUp: [0, -1],
    w: [0, -1],
    ArrowDown: [0, 1],
    s: [0, 1],
  };
  const sendInput = () => {
    let dx = 0;
    let dy = 0;
    for (const key of held) {
      const [x, y] = axes[key] ?? [0, 0];
      dx += x;
      dy += y;
    }
    send({ type: 'input', dx, dy });
  };
  const typing = (target: EventTarget | null) => target instanceof HTMLInputElement;
  document.addEventListener('keydown', (event) => {
    if (typing(event.target)) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      overlay.view.focusInput();
    } else if (event.key in axes && !held.has(event.key)) {
      event.preventDefault();
      held.add(event.key);
      sendInput();
    }
  });
  document.addEventListener('keyup', (event) => {
    if (held.delete(event.key)) sendInput();
  });
  window.addEventListener('blur', () => {
    held.clear();
    sendInput();
  });
}

const frame = () => {
  overlay.frame();
  drawField(ctx, players, session.userId);
  requestAnimationFrame(frame);
};
requestAnimationFrame(frame);
