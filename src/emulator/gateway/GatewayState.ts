/**
 * The gateway's part of the world: its settings and the session start limits, which both the HTTP
 * operations (Get Gateway Bot) and the WebSocket server read. Cleared with the world on reset.
 */
import type { Clock } from '../../clock.js';
import { defaultGatewaySettings, type GatewaySettings } from './gatewaySettings.js';
import { SessionStartLimits } from './SessionStartLimits.js';

/** Gateway settings and counters shared by the HTTP operations and the WebSocket server. */
export class GatewayState {
  /** The settings in force (createEmulator applies `options.gateway`). */
  settings: GatewaySettings = defaultGatewaySettings;
  readonly sessionStarts: SessionStartLimits;
  /** Called on reset, so that the server drops every session of the old world. */
  onClear: (() => void) | undefined;

  constructor(clock: Clock) {
    this.sessionStarts = new SessionStartLimits(clock, () => this.settings);
  }

  /** Forgets every count and session. */
  clear(): void {
    this.sessionStarts.clear();
    this.onClear?.();
  }
}
