/** Hooks the gateway into the emulator's HTTP server: one 'upgrade' listener, nothing else. */
import type { Server } from 'node:http';
import type { World } from '../world/World.js';
import { GatewayServer } from './GatewayServer.js';
import { defaultGatewaySettings, type GatewaySettings } from './gatewaySettings.js';

/** Starts the gateway on `server` with `settings` over the defaults; other upgrade paths get a 404. */
export function attachGateway(
  server: Server,
  world: World,
  settings: Partial<GatewaySettings> = {},
): GatewayServer {
  world.gateway.settings = { ...defaultGatewaySettings, ...settings };
  const gateway = new GatewayServer(world);
  server.on('upgrade', (req, socket, head) => {
    if (gateway.handleUpgrade(req, socket, head)) return;
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
  return gateway;
}
