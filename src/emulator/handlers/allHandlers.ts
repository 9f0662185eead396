/**
 * Every area's handlers, joined. Adding an area means writing its `defineHandlers({...})` module and
 * spreading it here; nothing else in the emulator changes.
 */
import type { HandlerMap } from './handlerTypes.js';
import { lobbyHandlers } from './lobby/lobbyHandlers.js';

/** The handlers the emulator serves, by route name. */
export const allHandlers: HandlerMap = {
  ...lobbyHandlers,
};
