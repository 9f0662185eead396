/**
 * Every area's handlers, joined. Adding an area means writing its `defineHandlers({...})` module and
 * spreading it here; nothing else in the emulator changes.
 */
import { gatewayHandlers } from './gateway/gatewayHandlers.js';
import { guildHandlers } from './guild/guildHandlers.js';
import type { HandlerMap } from './handlerTypes.js';
import { inviteHandlers } from './invite/inviteHandlers.js';
import { lobbyHandlers } from './lobby/lobbyHandlers.js';
import { memberHandlers } from './member/memberHandlers.js';

/** The handlers the emulator serves, by route name. */
export const allHandlers: HandlerMap = {
  ...lobbyHandlers,
  ...guildHandlers,
  ...memberHandlers,
  ...inviteHandlers,
  ...gatewayHandlers,
};
