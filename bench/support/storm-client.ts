/**
 * One load-generator process of the reconnect storm (`bench/reconnect-storm.ts`): holds its
 * share of the live-update streams, pulls each device to the head, and when the server goes away
 * reconnects each after a random wait within the jitter window, then pulls — as a fleet of PWAs
 * does after a deploy. Talks to the bench over IPC.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';

interface Start {
  url: string;
  tokens: string[];
  jitterMs: number;
}

interface Device {
  token: string;
  clientGroupId: string;
  clientId: string;
  cursor: string | null;
  stream?: http.ClientRequest;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
let base: URL;
let armed = false;
const pullMs: number[] = [];
const doneAt: number[] = [];
let errors = 0;
let retries = 0;

function request(
  path: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(path, base),
      {
        method: body === undefined ? 'GET' : 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** Pulls until the device has everything; each request's time is kept while the storm is on. */
async function pullToHead(device: Device): Promise<void> {
  for (;;) {
    const started = performance.now();
    const res = await request('/api/sync/pull', device.token, {
      clientGroupId: device.clientGroupId,
      clientId: device.clientId,
      cursor: device.cursor,
      protocolVersion: 2,
    });
    if (armed) pullMs.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`pull answered ${res.status}`);
    const page = JSON.parse(res.text) as { cursor: string; hasMore: boolean };
    device.cursor = page.cursor;
    if (!page.hasMore) return;
  }
}

/** Opens the device's stream; resolves once the server has answered 200 and said it is connected. */
function openStream(device: Device, onEnd: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      new URL('/api/sync/events', base),
      { agent: false, headers: { authorization: `Bearer ${device.token}` } },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          return reject(new Error(`events answered ${res.statusCode}`));
        }
        res.setEncoding('utf8');
        res.once('data', () => resolve());
        res.on('data', () => undefined);
        res.once('close', onEnd);
      },
    );
    req.on('error', reject);
    device.stream = req;
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** After the stream ended: wait a random part of the window, then stream and pull again. */
async function reconnect(device: Device, jitterMs: number): Promise<void> {
  await sleep(Math.random() * jitterMs);
  for (let attempt = 0; ; attempt += 1) {
    try {
      await openStream(device, () => undefined);
      break;
    } catch {
      // Not back yet: the PWA's back-off, doubling from 1 s to 60 s, each wait in its second half.
      retries += 1;
      const cap = Math.min(60_000, 1_000 * 2 ** attempt);
      await sleep(cap / 2 + (Math.random() * cap) / 2);
    }
  }
  try {
    await pullToHead(device);
  } catch {
    errors += 1;
  }
  doneAt.push(Date.now());
}

process.on('message', (message: { type: string } & Partial<Start>) => {
  void (async () => {
    if (message.type === 'start') {
      base = new URL(message.url!);
      const devices: Device[] = message.tokens!.map((token) => ({
        token,
        clientGroupId: randomUUID(),
        clientId: randomUUID(),
        cursor: null,
      }));
      const jitterMs = message.jitterMs!;
      for (let i = 0; i < devices.length; i += 25)
        await Promise.all(
          devices.slice(i, i + 25).map(async (device) => {
            await openStream(device, () => {
              if (armed) void reconnect(device, jitterMs);
            });
            await pullToHead(device);
          }),
        );
      process.send!({ type: 'ready' });
      process.on('message', (next: { type: string }) => {
        if (next.type === 'arm') armed = true;
        if (next.type === 'report')
          process.send!({ type: 'report', pullMs, doneAt, errors, retries });
        if (next.type === 'poll')
          void Promise.all(devices.map((d) => pullToHead(d).catch(() => (errors += 1)))).then(() =>
            process.send!({ type: 'polled' }),
          );
      });
    }
  })().catch((err: Error) => process.send!({ type: 'failed', message: err.message }));
});
