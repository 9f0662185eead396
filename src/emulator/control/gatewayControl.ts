/**
 * The gateway's part of the control API, under `/_emulator/gateway/` (listed by `GET /_emulator`):
 * list sessions and cause every failure a client must survive (a dropped connection, Reconnect,
 * missing heartbeat ACKs, Invalid Session). Listed in docs/emulator.md.
 */
import { z } from 'zod';
import { PlatformError } from '../PlatformError.js';
import type { ControlRoute } from './controlApi.js';
import { parseControlBody } from './parseControlBody.js';

const disconnectBody = z.object({ code: z.number().int().min(1000).max(4999).nullable().optional() });
const acksBody = z.object({ enabled: z.boolean() });
const invalidateBody = z.object({ resumable: z.boolean().optional() });

/** 204 when the session was found, else 404 (code 0: the platform has no such answer). */
function sessionAnswer(found: boolean): { status: number } {
  if (!found) throw new PlatformError(404, 0, 'Unknown or disconnected gateway session');
  return { status: 204 };
}

/** The gateway routes of the control API (`session_id` is a session's hex id). */
export const gatewayControlRoutes: readonly ControlRoute[] = [
  {
    method: 'GET',
    path: '/gateway/sessions',
    summary: 'every gateway session (no tokens)',
    run: (deps) => ({ status: 200, body: deps.gateway.sessions() }),
  },
  {
    method: 'POST',
    path: '/gateway/sessions/{session_id}/disconnect',
    summary:
      'drop the connection: {code?: 4000..4999 | 1000..1015 | null (no close frame)} → 204; stays resumable',
    run: (deps, { session_id }, body) => {
      const code = parseControlBody(disconnectBody, body).code;
      return sessionAnswer(deps.gateway.disconnect(session_id as string, code === undefined ? 4000 : code));
    },
  },
  {
    method: 'POST',
    path: '/gateway/sessions/{session_id}/reconnect',
    summary: 'send Reconnect (op 7) → 204',
    run: (deps, { session_id }) => sessionAnswer(deps.gateway.sendReconnect(session_id as string)),
  },
  {
    method: 'POST',
    path: '/gateway/sessions/{session_id}/heartbeat-acks',
    summary: 'acknowledge heartbeats or not: {enabled: boolean} → 204',
    run: (deps, { session_id }, body) =>
      sessionAnswer(
        deps.gateway.setHeartbeatAcks(session_id as string, parseControlBody(acksBody, body).enabled),
      ),
  },
  {
    method: 'POST',
    path: '/gateway/sessions/{session_id}/invalidate',
    summary: 'send Invalid Session (op 9): {resumable?: boolean (default false)} → 204',
    run: (deps, { session_id }, body) =>
      sessionAnswer(
        deps.gateway.invalidate(
          session_id as string,
          parseControlBody(invalidateBody, body).resumable ?? false,
        ),
      ),
  },
];
