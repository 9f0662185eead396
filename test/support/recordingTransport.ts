/**
 * The undici transport with a log: every request the client hands to it, as handed, so that tests
 * can check what went on the wire (against the OpenAPI document, say) while a real emulator answers.
 */
import type { Transport, TransportRequest } from '../../src/rest/transport/Transport.js';
import { undiciTransport } from '../../src/rest/transport/undiciTransport.js';

/** A transport that records its requests into `sent`; `close()` closes its connections. */
export interface RecordingTransport extends Transport {
  readonly sent: TransportRequest[];
  close(): Promise<void>;
}

/** A new undici transport recording every request. */
export function recordingTransport(): RecordingTransport {
  const inner = undiciTransport();
  const sent: TransportRequest[] = [];
  return {
    sent,
    request: (req) => {
      sent.push(req);
      return inner.request(req);
    },
    close: () => inner.close(),
  };
}
