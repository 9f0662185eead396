/**
 * Webhook receiver benchmark (`npm run bench:webhooks`): prints, never asserts.
 *
 * Verified events per second and CPU per event in the receiver, in process (no network): N distinct
 * LOBBY_MESSAGE_CREATE events (about 560 bytes each), signed beforehand with node:crypto, go through
 * - `receiver.receive()` (the core: size, headers, skew, Ed25519 over WebCrypto, replay, JSON, zod,
 *   duplicate digest, emit), one at a time and 32 at a time;
 * - `receiver.handle(request)` (the Fetch API path: reading the body stream too), 32 at a time;
 * and, for scale, the signature check alone: WebCrypto's `subtle.verify` (what the receiver uses) and
 * node:crypto's synchronous `verify` (what a Node-only receiver could use instead).
 * CPU is the whole process (WebCrypto verifies on libuv's thread pool), per event. Each case runs
 * BENCH_ROUNDS rounds (default 5) of BENCH_EVENTS events (default 5000); the median round is printed.
 */
import { generateKeyPairSync, sign, verify } from 'node:crypto';
import { ManualClock } from '../src/clock.js';
import { createWebhookReceiver } from '../src/webhooks/WebhookReceiver.js';
import { median } from './support/median.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 5000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const NOW = Date.UTC(2026, 10, 24, 0, 0, 0);
const TS = String(Math.floor(NOW / 1000));

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const spki = publicKey.export({ format: 'der', type: 'spki' });
const publicHex = Buffer.from(spki.subarray(spki.length - 32)).toString('hex');

interface Signed {
  readonly body: Uint8Array;
  readonly signature: string;
}

let serial = 0;
function signedEvents(n: number): Signed[] {
  return Array.from({ length: n }, () => {
    serial++;
    const body = Buffer.from(
      JSON.stringify({
        version: 1,
        application_id: '1323802873036931072',
        type: 1,
        event: {
          type: 'LOBBY_MESSAGE_CREATE',
          timestamp: '2026-11-24T00:00:00.000+00:00',
          data: {
            id: String(1400000000000000000n + BigInt(serial)),
            type: 0,
            content: `message number ${serial}: gg, rematch?`,
            lobby_id: '1323802873036931091',
            channel_id: '1323802873036931091',
            author: {
              id: '1323802873036931074',
              username: 'alice',
              global_name: 'Alice',
              discriminator: '0',
              avatar: null,
              public_flags: 0,
              flags: 0,
            },
            metadata: { team: 'red' },
            flags: 0,
            application_id: '1323802873036931072',
          },
        },
      }),
    );
    const signature = sign(null, Buffer.concat([Buffer.from(TS), body]), privateKey).toString('hex');
    return { body: new Uint8Array(body), signature };
  });
}

interface Round {
  readonly perSecond: number;
  readonly cpuMicros: number;
}

async function measure(run: () => Promise<number>): Promise<Round> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const n = await run();
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { perSecond: (n / ms) * 1000, cpuMicros: (cpu.user + cpu.system) / n };
}

async function inBatches<T>(items: readonly T[], width: number, each: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(each));
  return items.length;
}

async function runCase(name: string, round: (events: Signed[]) => Promise<number>): Promise<void> {
  const rounds: Round[] = [];
  await round(signedEvents(200)); // warm-up
  for (let r = 0; r < ROUNDS; r++) {
    const events = signedEvents(EVENTS);
    rounds.push(await measure(() => round(events)));
  }
  const perSecond = median(rounds.map((r) => r.perSecond));
  const cpu = median(rounds.map((r) => r.cpuMicros));
  console.log(
    `${name.padEnd(52)} ${Math.round(perSecond).toLocaleString('en-US').padStart(9)}  ${cpu.toFixed(1).padStart(8)}`,
  );
}

function newReceiver(dedupeWindowSeconds?: number) {
  const receiver = createWebhookReceiver({
    publicKey: publicHex,
    clock: new ManualClock(NOW),
    ...(dedupeWindowSeconds === undefined ? {} : { dedupeWindowSeconds }),
  });
  let emitted = 0;
  receiver.on('lobbyMessageCreate', () => emitted++);
  return { receiver, emitted: () => emitted };
}

async function main(): Promise<void> {
  console.log(
    `Webhook receiver: ${EVENTS} events per round, median of ${ROUNDS} rounds, Node ${process.version}`,
  );
  console.log(`${'case'.padEnd(52)} ${'events/s'.padStart(9)}  ${'CPU µs/ev'.padStart(8)}`);

  const received = async (events: Signed[], width: number, dedupe?: number) => {
    const { receiver, emitted } = newReceiver(dedupe);
    await inBatches(events, width, async (e) => {
      const receipt = await receiver.receive({ signature: e.signature, timestamp: TS, body: e.body });
      if (receipt.status !== 204) throw new Error(`refused: ${receipt.refusal}`);
      receipt.emit();
    });
    if (emitted() !== events.length) throw new Error('an event was not emitted');
    return events.length;
  };
  await runCase('receiver.receive(), one at a time', (events) => received(events, 1));
  await runCase('receiver.receive(), 32 at a time', (events) => received(events, 32));
  await runCase('receiver.receive(), 32 at a time, no duplicate check', (events) => received(events, 32, 0));
  await runCase('receiver.handle(Request), 32 at a time', async (events) => {
    const { receiver } = newReceiver();
    const requests = events.map(
      (e) =>
        new Request('http://game.test/webhooks', {
          method: 'POST',
          headers: { 'X-Signature-Ed25519': e.signature, 'X-Signature-Timestamp': TS },
          body: e.body as Uint8Array<ArrayBuffer>,
        }),
    );
    return inBatches(requests, 32, async (request) => {
      const response = await receiver.handle(request);
      if (response.status !== 204) throw new Error(`answered ${response.status}`);
    });
  });

  const key = await crypto.subtle.importKey(
    'raw',
    Buffer.from(publicHex, 'hex'),
    { name: 'Ed25519' },
    false,
    ['verify'],
  );
  const message = (e: Signed) => Buffer.concat([Buffer.from(TS), e.body]);
  await runCase('signature only: WebCrypto subtle.verify, 32 at a time', (events) =>
    inBatches(events, 32, (e) =>
      crypto.subtle.verify({ name: 'Ed25519' }, key, Buffer.from(e.signature, 'hex'), message(e)),
    ),
  );
  const nodeKey = publicKey;
  await runCase('signature only: node:crypto verify (sync)', async (events) => {
    for (const e of events)
      if (!verify(null, message(e), nodeKey, Buffer.from(e.signature, 'hex'))) throw new Error();
    return events.length;
  });
}

await main();
