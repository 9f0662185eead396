/**
 * The emulator's handlers of the invite area (being filled in: routes without a handler answer 501).
 */
import { defineHandlers } from '../handlerTypes.js';

/** Handlers of the invite area's routes. */
export const inviteHandlers = defineHandlers({});
