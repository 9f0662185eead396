/**
 * The gateway's part of the control API, under `/_emulator/gateway/`: list sessions and cause every
 * failure a client must survive (a dropped connection, Reconnect, missing heartbeat ACKs, Invalid
 * Session). JSON in and out; errors in the platform's envelope. Listed in src/emulator/DEMO.md.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { parseJsonBody } from '../http/parseJsonBody.js';
import { readBody } from '../http/readBody.js';
import { NOT_FOUND, sendEmpty, sendError, sendJson } from '../http/sendResponse.js';
import { safeRun } from '../http/validateRequest.js';
import { type FieldError, fieldErrorTree, PlatformError } from '../platformError.js';
import type { GatewayServer } from './GatewayServer.js';

/** The control paths below `/_emulator`, with what they do. */
export const gatewayControlRoutes = [
  { method: 'GET', path: '/_emulator/gateway/sessions', summary: 'every gateway session (no tokens)' },
  {
    method: 'POST',
    path: '/_emulator/gateway/sessions/{session_id}/disconnect',
    summary:
      'drop the connection: {code?: 4000..4999 | 1000..1015 | null (no close frame)} → 204; stays resumable',
  },
  {
    method: 'POST',
    path: '/_emulator/gateway/sessions/{session_id}/reconnect',
    summary: 'send Reconnect (op 7) → 204',
  },
  {
    method: 'POST',
    path: '/_emulator/gateway/sessions/{session_id}/heartbeat-acks',
    summary: 'acknowledge heartbeats or not: {enabled: boolean} → 204',
  },
  {
    method: 'POST',
    path: '/_emulator/gateway/sessions/{session_id}/invalidate',
    summary: 'send Invalid Session (op 9): {resumable?: boolean (default false)} → 204',
  },
] as const;

const disconnectBody = z.object({ code: z.number().int().min(1000).max(4999).nullable().optional() });
const acksBody = z.object({ enabled: z.boolean() });
const invalidateBody = z.object({ resumable: z.boolean().optional() });

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const errors: FieldError[] = [];
  const data = safeRun(schema, value ?? Object.create(null), errors);
  if (errors.length > 0) throw PlatformError.invalidForm(fieldErrorTree(errors));
  return data as z.output<S>;
}

const SESSION_ACTION =
  /^\/gateway\/sessions\/([0-9a-f]{1,64})\/(disconnect|reconnect|heartbeat-acks|invalidate)$/;

/** Whether `path` (below `/_emulator`) belongs to the gateway's control routes. */
export function isGatewayControlPath(path: string): boolean {
  return path === '/gateway' || path.startsWith('/gateway/');
}

/** Answers a gateway control request; throws {@link PlatformError} for the caller to render. */
export async function handleGatewayControl(
  gateway: GatewayServer,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<void> {
  if (path === '/gateway/sessions') {
    req.resume();
    if (req.method !== 'GET') return sendError(res, 405, { message: '405: Method Not Allowed', code: 0 });
    return sendJson(res, 200, gateway.sessions());
  }
  const match = SESSION_ACTION.exec(path);
  if (!match) {
    req.resume();
    return sendError(res, 404, NOT_FOUND);
  }
  if (req.method !== 'POST') {
    req.resume();
    return sendError(res, 405, { message: '405: Method Not Allowed', code: 0 });
  }
  const raw = await readBody(req, 64 * 1024);
  const body = raw.length === 0 ? undefined : parseJsonBody(raw.toString('utf8'));
  const id = match[1] as string;
  let found: boolean;
  switch (match[2]) {
    case 'disconnect': {
      const code = parse(disconnectBody, body).code;
      found = gateway.disconnect(id, code === undefined ? 4000 : code);
      break;
    }
    case 'reconnect':
      found = gateway.sendReconnect(id);
      break;
    case 'heartbeat-acks':
      found = gateway.setHeartbeatAcks(id, parse(acksBody, body).enabled);
      break;
    default:
      found = gateway.invalidate(id, parse(invalidateBody, body).resumable ?? false);
  }
  if (!found) return sendError(res, 404, { message: 'Unknown or disconnected gateway session', code: 0 });
  return sendEmpty(res, 204);
}
