/**
 * Draws the game field on a canvas: each player a disc in their team's colour with their name
 * beneath. Canvas text is drawn, never parsed, so a name cannot inject markup.
 */
import { teamColour } from '../chat-overlay/teamColour.js';
import type { GamePlayer } from './protocol.js';

/** Draws `players` on `ctx`, marking `selfId`. */
export function drawField(
  ctx: CanvasRenderingContext2D,
  players: readonly GamePlayer[],
  selfId: string,
): void {
  const { width, height } = ctx.canvas;
  ctx.fillStyle = '#15301f';
  ctx.fillRect(0, 0, width, height);
  ctx.strokeStyle = 'rgba(255,255,255,0.25)';
  ctx.lineWidth = 2;
  ctx.strokeRect(20, 20, width - 40, height - 40);
  ctx.beginPath();
  ctx.moveTo(width / 2, 20);
  ctx.lineTo(width / 2, height - 20);
  ctx.stroke();
  ctx.font = '14px system-ui, sans-serif';
  ctx.textAlign = 'center';
  for (const p of players) {
    const x = 40 + p.x * (width - 80);
    const y = 40 + p.y * (height - 80);
    ctx.beginPath();
    ctx.arc(x, y, 16, 0, Math.PI * 2);
    ctx.fillStyle = teamColour({ team: p.team }) ?? '#888';
    ctx.fill();
    if (p.id === selfId) {
      ctx.lineWidth = 3;
      ctx.strokeStyle = '#fff';
      ctx.stroke();
    }
    ctx.fillStyle = '#f2f4f8';
    ctx.fillText(p.name, x, y + 34);
  }
}
