// Loaded into a server process by the API and many-tenants benches when BENCH_LOOP_PROBE is set
// (`node --import bench/support/loop-probe.mjs`): on SIGUSR2 it writes what the event loop went
// through since the last signal — its delay (perf_hooks.monitorEventLoopDelay) and the garbage
// collector's pauses, and how long the process itself took over each request (from the request's
// start to its response handed to the socket) — to LOOP_PROBE_FILE, and starts counting afresh.
// The bench signals before and after each load round, so each round gets its own figures. The
// load generator's latency minus this one is time outside the server: the socket, the kernel and
// the load generator itself, which share the machine's cores.
// With LOOP_PROBE_PROFILE_DIR set, each window is also profiled (V8's CPU profiler, through the
// process's own inspector session) and its profile written there as <probe file's name>-<n>.cpuprofile.
import diagnostics from 'node:diagnostics_channel';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import {
  PerformanceObserver,
  constants,
  createHistogram,
  monitorEventLoopDelay,
} from 'node:perf_hooks';

const file = process.env.LOOP_PROBE_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let gc = { count: 0, totalMs: 0, maxMs: 0, major: 0, majorMs: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count++;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
      if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        gc.major++;
        gc.majorMs += entry.duration;
      }
    }
  }).observe({ entryTypes: ['gc'] });
  const startedAt = new WeakMap();
  const served = createHistogram();
  diagnostics.subscribe('http.server.request.start', ({ request }) =>
    startedAt.set(request, process.hrtime.bigint()),
  );
  diagnostics.subscribe('http.server.response.finish', ({ request }) => {
    const started = startedAt.get(request);
    if (started !== undefined)
      served.record(Math.max(1, Number(process.hrtime.bigint() - started)));
  });
  let since = performance.now();
  let cpuSince = process.cpuUsage();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  const profileDir = process.env.LOOP_PROBE_PROFILE_DIR;
  const profiler = profileDir ? new Session() : undefined;
  let windows = 0;
  /** Ends the window's profile (if one runs) and starts the next; gives the ended one's file. */
  const nextProfile = async () => {
    if (!profiler) return undefined;
    let written;
    if (windows > 0) {
      const { profile } = await profiler.post('Profiler.stop');
      written = path.join(profileDir, `${path.basename(file, '.json')}-${windows}.cpuprofile`);
      writeFileSync(written, JSON.stringify(profile));
    } else {
      profiler.connect();
      await profiler.post('Profiler.enable');
    }
    windows += 1;
    await profiler.post('Profiler.start');
    return written;
  };
  process.on('SIGUSR2', async () => {
    const now = performance.now();
    const cpu = process.cpuUsage(cpuSince);
    const cpuProfile = await nextProfile();
    writeFileSync(
      file,
      JSON.stringify({
        cpuProfile,
        windowMs: Math.round(now - since),
        // The sampling timer's own 10 ms are included in each figure.
        loopDelayMs: {
          p50: ms(delay.percentile(50)),
          p99: ms(delay.percentile(99)),
          max: ms(delay.max),
        },
        servedMs: {
          p50: ms(served.percentile(50)),
          p99: ms(served.percentile(99)),
          max: ms(served.max),
        },
        gc: {
          count: gc.count,
          totalMs: Math.round(gc.totalMs),
          maxMs: Math.round(gc.maxMs),
          major: gc.major,
          majorMs: Math.round(gc.majorMs),
        },
        // This process's CPU time (user + system) in the window.
        cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      }),
    );
    delay.reset();
    served.reset();
    gc = { count: 0, totalMs: 0, maxMs: 0, major: 0, majorMs: 0 };
    since = now;
    cpuSince = process.cpuUsage();
  });
}
