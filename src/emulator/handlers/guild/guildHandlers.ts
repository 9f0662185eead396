/**
 * The emulator's handlers of the guild area (being filled in: routes without a handler answer 501).
 */
import { defineHandlers } from '../handlerTypes.js';

/** Handlers of the guild area's routes. */
export const guildHandlers = defineHandlers({});
