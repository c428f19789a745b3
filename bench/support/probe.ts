/**
 * `BENCH_LOOP_PROBE=1`: what a server and the load generator went through in each measured round.
 * The server loads `loop-probe.mjs` and reports its event loop's delay, its GC pauses, how long
 * it took over each request and its CPU; the load generator (this process) watches its own. With
 * `BENCH_PROFILE_DIR=dir` as well, the server also writes a V8 CPU profile of each round there, and
 * `topFunctions` names where its time went.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PerformanceObserver, monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { ServerProcess } from '../../tests/support/server-process';

export const LOOP_PROBE = process.env.BENCH_LOOP_PROBE === '1';
const PROFILE_DIR = LOOP_PROBE ? process.env.BENCH_PROFILE_DIR : undefined;
const LOOP_PROBE_MODULE = fileURLToPath(new URL('./loop-probe.mjs', import.meta.url));

/** Node options and environment that load the probe into a server writing to `file`. */
export function probeServer(file: string) {
  if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
  return {
    nodeOptions: LOOP_PROBE ? ['--import', LOOP_PROBE_MODULE] : [],
    env: {
      LOOP_PROBE_FILE: file,
      ...(PROFILE_DIR ? { LOOP_PROBE_PROFILE_DIR: path.resolve(PROFILE_DIR) } : {}),
    },
  };
}

export interface LoopProbe {
  windowMs: number;
  loopDelayMs: { p50: number; p99: number; max: number };
  /** From each request's start to its response handed to the socket, inside the server. */
  servedMs: { p50: number; p99: number; max: number };
  gc: { count: number; totalMs: number; maxMs: number; major: number; majorMs: number };
  cpuMs: number;
  /** With BENCH_PROFILE_DIR: the V8 CPU profile of the window. */
  cpuProfile?: string;
}

/** Starts a new probe window (the server's figures so far are dropped) or ends one. */
export async function probeWindow(
  server: ServerProcess,
  file: string,
): Promise<LoopProbe | undefined> {
  if (!LOOP_PROBE) return undefined;
  rmSync(file, { force: true });
  server.child.kill('SIGUSR2');
  for (let waited = 0; waited < 5_000; waited += 20) {
    if (existsSync(file)) {
      try {
        return JSON.parse(readFileSync(file, 'utf8')) as LoopProbe;
      } catch {
        // written as we read it: try again
      }
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the loop probe did not answer');
}

/** The load generator's own figures for one round: this process's GC, event loop and CPU. */
export interface GeneratorProbe {
  heapMb: number;
  gc: { count: number; totalMs: number; maxMs: number };
  loopDelayMs: { p99: number; max: number };
  cpuMs: number;
  /** CPU of this machine's PostgreSQL processes in the round (the local server both sides use). */
  postgresCpuMs: number;
}

const TICK_MS = 10; // /proc's clock ticks (USER_HZ = 100)

/** CPU time so far of every process named `postgres` on this machine, in ms (Linux /proc). */
function postgresCpuMs(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8') !== 'postgres\n') continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks * TICK_MS;
}

/**
 * Starts watching this process (autocannon runs in it) for one round; the returned function ends
 * the window. A pause here delays every in-flight request's timing, whichever server it measures.
 */
function watchGenerator(): () => GeneratorProbe {
  const gc = { count: 0, totalMs: 0, maxMs: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count += 1;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const cpu = process.cpuUsage();
  const postgresBefore = postgresCpuMs();
  return () => {
    observer.disconnect();
    delay.disable();
    const used = process.cpuUsage(cpu);
    const ms = (ns: number) => Math.round(ns / 1e4) / 100;
    return {
      heapMb: Math.round(process.memoryUsage().heapUsed / 1048576),
      gc: { count: gc.count, totalMs: Math.round(gc.totalMs), maxMs: Math.round(gc.maxMs) },
      loopDelayMs: { p99: ms(delay.percentile(99)), max: ms(delay.max) },
      cpuMs: Math.round((used.user + used.system) / 1000),
      // A backend that ended during the round takes its time with it: a floor, not an exact sum.
      postgresCpuMs: Math.max(0, postgresCpuMs() - postgresBefore),
    };
  };
}

/**
 * One round of load, inside a probe window of `server` (writing to `file`) and with the load
 * generator watched, when the probe is on; otherwise just the round.
 */
export async function probed<T>(
  server: ServerProcess,
  file: string,
  round: () => Promise<T>,
): Promise<{ result: T; loop?: LoopProbe; generator?: GeneratorProbe }> {
  if (!LOOP_PROBE) return { result: await round() };
  await probeWindow(server, file);
  const stop = watchGenerator();
  const result = await round();
  const generator = stop();
  return { result, loop: await probeWindow(server, file), generator };
}

/** The probe's figures for a round of `requests` requests, one line each side (none if off). */
export function probeLines(
  probe: { loop?: LoopProbe; generator?: GeneratorProbe },
  requests: number,
): string[] {
  const per = (ms: number) => (ms / Math.max(1, requests)).toFixed(3);
  const { loop: p, generator: g } = probe;
  return [
    ...(p
      ? [
          `    server: CPU ${per(p.cpuMs)} ms per request; served in p50 ${p.servedMs.p50} p99 ${p.servedMs.p99} max ${p.servedMs.max} ms; loop delay p50 ${p.loopDelayMs.p50} p99 ${p.loopDelayMs.p99} max ${p.loopDelayMs.max} ms; GC ${p.gc.count}× ${p.gc.totalMs} ms (max ${p.gc.maxMs}, major ${p.gc.major}× ${p.gc.majorMs} ms); CPU ${p.cpuMs} ms in ${p.windowMs} ms`,
          ...(p.cpuProfile
            ? [`    server profile ${p.cpuProfile}: ${topFunctions(p.cpuProfile)}`]
            : []),
        ]
      : []),
    ...(g
      ? [
          `    per request: load generator ${per(g.cpuMs)} ms CPU, PostgreSQL ${per(g.postgresCpuMs)} ms CPU; load generator: CPU ${g.cpuMs} ms; GC ${g.gc.count}× ${g.gc.totalMs} ms (max ${g.gc.maxMs}); loop delay p99 ${g.loopDelayMs.p99} max ${g.loopDelayMs.max} ms; heap ${g.heapMb} MB`,
        ]
      : []),
  ];
}

interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }[];
  samples: number[];
  timeDeltas: number[];
}

/** The functions with the most self time in a V8 CPU profile, with their share of it. */
export function topFunctions(file: string, count = 12): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const names = new Map<number, string>();
  for (const { id, callFrame: f } of profile.nodes) {
    const where = f.url
      ? ` ${f.url.replace(/^.*node_modules\//, '').replace(/^.*\/src\//, '')}:${f.lineNumber + 1}`
      : '';
    names.set(id, `${f.functionName || '(anonymous)'}${where}`);
  }
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    const name = names.get(id)!;
    self.set(name, (self.get(name) ?? 0) + dt);
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => `${name} ${((us / Math.max(1, total)) * 100).toFixed(1)} %`)
    .join('; ');
}
