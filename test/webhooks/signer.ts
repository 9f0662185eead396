/** Test helper: an Ed25519 key pair that signs webhook requests the way the platform does. */
import { generateKeyPairSync, sign } from 'node:crypto';

/** Signs `timestamp + body`; `publicKey` is the hex a receiver is made with. */
export interface TestSigner {
  readonly publicKey: string;
  sign(timestamp: string, body: string | Uint8Array): string;
  /** A signed request for `handle()`; `overrides` replace the headers or the body after signing. */
  request(
    body: string,
    timestampSeconds: number,
    overrides?: { signature?: string; timestamp?: string; body?: string; method?: string },
  ): Request;
}

/** A fresh key pair. */
export function testSigner(): TestSigner {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const spki = publicKey.export({ format: 'der', type: 'spki' });
  const hex = Buffer.from(spki.subarray(spki.length - 32)).toString('hex');
  const signer: TestSigner = {
    publicKey: hex,
    sign: (timestamp, body) =>
      sign(null, Buffer.concat([Buffer.from(timestamp), Buffer.from(body)]), privateKey).toString('hex'),
    request: (body, timestampSeconds, overrides = {}) => {
      const timestamp = String(timestampSeconds);
      const signature = signer.sign(timestamp, body);
      return new Request('http://game.test/webhooks', {
        method: overrides.method ?? 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Signature-Ed25519': overrides.signature ?? signature,
          'X-Signature-Timestamp': overrides.timestamp ?? timestamp,
        },
        ...(overrides.method === 'GET' ? {} : { body: overrides.body ?? body }),
      });
    },
  };
  return signer;
}

/** An outer payload carrying one event, as JSON. */
export function eventBody(type: string, data: unknown, applicationId = '1323802873036931072'): string {
  return JSON.stringify({
    version: 1,
    application_id: applicationId,
    type: 1,
    event: { type, timestamp: '2026-11-23T10:00:00.000000', data },
  });
}

/** A PING payload as JSON. */
export function pingBody(applicationId = '1323802873036931072'): string {
  return JSON.stringify({ version: 1, application_id: applicationId, type: 0 });
}

/** A lobby message as LOBBY_MESSAGE_CREATE carries it. */
export function lobbyMessageData(id = '1397729799727878254', lobbyId = '1397729744753266719') {
  return {
    id,
    type: 0,
    content: 'welcome to the party!',
    lobby_id: lobbyId,
    channel_id: lobbyId,
    author: { id: '1323802873036931074', username: 'alice', discriminator: '0', global_name: 'Alice' },
    flags: 65536,
    application_id: '1323802873036931072',
  };
}
