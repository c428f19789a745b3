import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SmbDatabase } from '../../db/database';
import type { SyncEngine } from '../engine';
import type { EventSourceLike } from '../event-stream';
import { FakeSyncServer } from './fake-server';
import { newClientDb, testEngine } from './helpers';

/**
 * After a deploy every device loses its live-update stream at the same moment. Each one waits a
 * random part of its back-off before opening it again, so a fleet does not come back in one
 * instant; failed syncs back off the same way.
 */

const open: { db: SmbDatabase; engine: SyncEngine }[] = [];
afterEach(() => {
  for (const { db, engine } of open.splice(0)) {
    engine.stop();
    db.close();
  }
  vi.restoreAllMocks();
});

/** A device whose random draws are always `draw`; returns the streams it opened. */
async function device(server: FakeSyncServer, draw: number) {
  const streams: EventSourceLike[] = [];
  const db = newClientDb();
  const engine = testEngine(db, server.transport(), {
    random: () => draw,
    eventSource: () => {
      const source: EventSourceLike = { onmessage: null, onerror: null, close: () => undefined };
      streams.push(source);
      return source;
    },
  });
  open.push({ db, engine });
  engine.start();
  /** A sync cycle, then the moment the engine takes to open its stream after it. */
  const sync = async () => {
    await engine.syncNow();
    await new Promise((resolve) => setTimeout(resolve, 20));
  };
  return { engine, streams, sync };
}

describe('reconnecting after the server went away', () => {
  it('devices open their stream again at different times, within the back-off', async () => {
    const server = await new FakeSyncServer().init();
    const early = await device(server, 0);
    const late = await device(server, 0.99);
    for (const d of [early, late]) {
      await d.sync();
      expect(d.streams).toHaveLength(1);
    }
    const dropped = Date.now();
    for (const d of [early, late]) d.streams[0]!.onerror?.(new Event('error'));

    const at = (seconds: number) => vi.spyOn(Date, 'now').mockReturnValue(dropped + seconds * 1000);
    at(29);
    for (const d of [early, late]) await d.sync();
    expect([early.streams.length, late.streams.length]).toEqual([1, 1]);
    at(45);
    for (const d of [early, late]) await d.sync();
    expect([early.streams.length, late.streams.length]).toEqual([2, 1]);
    at(61);
    await late.sync();
    expect(late.streams).toHaveLength(2);
  });
});
