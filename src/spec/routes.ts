/**
 * THE route table: every operation of the platform in this area, declared once (79 of them).
 * Each area's entries live in `routes/`; this module joins them into one table keyed by name.
 */
import type { RouteDef } from './route.js';
import { gatewayRoutes } from './routes/gatewayRoutes.js';
import { guildRoutes } from './routes/guildRoutes.js';
import { inviteRoutes } from './routes/inviteRoutes.js';
import { lobbyRoutes } from './routes/lobbyRoutes.js';
import { memberRoutes } from './routes/memberRoutes.js';

/** Every operation, keyed by its camelCase name. */
export const routes = {
  ...lobbyRoutes,
  ...guildRoutes,
  ...memberRoutes,
  ...inviteRoutes,
  ...gatewayRoutes,
} as const;

/** The table's type. */
export type Routes = typeof routes;
/** The name of an operation. */
export type RouteName = keyof Routes;

/** Every route, in table order. */
export const routeList: readonly RouteDef[] = Object.values(routes);

export { type LobbyRouteName, type LobbyRoutes, lobbyRoutes } from './routes/lobbyRoutes.js';
