/**
 * Get Gateway and Get Gateway Bot. The URL is the emulator's own WebSocket server, at the host the
 * request came to; `shards` recommends one shard per 1000 guilds (setting `guildsPerRecommendedShard`);
 * `session_start_limit` is counted on the emulator's clock by the gateway server's Identify calls.
 */
import type { World } from '../../world/World.js';
import { callerApplication } from '../access.js';
import { defineHandlers, type HandlerContext, reply } from '../handlerTypes.js';

/** The gateway's WSS URL as seen by the caller: `ws://<host>/gateway`. */
export function gatewayUrl(ctx: HandlerContext): string {
  const host = ctx.request.headers.host ?? '127.0.0.1';
  return `ws://${host}${ctx.world.gateway.settings.path}`;
}

/** How many guilds the application's bot is in. */
export function botGuildCount(world: World, botUserId: string): number {
  return world.guilds.guildsOf(botUserId).length;
}

/** The gateway area's handlers. */
export const gatewayHandlers = defineHandlers({
  getGateway: (ctx) => reply.json({ url: gatewayUrl(ctx) }),
  getGatewayBot: (ctx) => {
    const app = callerApplication(ctx.caller);
    const settings = ctx.world.gateway.settings;
    const guilds = botGuildCount(ctx.world, app.bot_user_id);
    return reply.json({
      url: gatewayUrl(ctx),
      shards: Math.max(1, Math.ceil(guilds / settings.guildsPerRecommendedShard)),
      session_start_limit: ctx.world.gateway.sessionStarts.describe(app.id),
    });
  },
});
