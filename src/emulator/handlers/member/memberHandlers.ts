/**
 * The emulator's handlers of the member area (being filled in: routes without a handler answer 501).
 */
import { defineHandlers } from '../handlerTypes.js';

/** Handlers of the member area's routes. */
export const memberHandlers = defineHandlers({});
