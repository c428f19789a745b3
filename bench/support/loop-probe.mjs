// Loaded into a server process by the API bench when BENCH_LOOP_PROBE is set
// (`node --import bench/support/loop-probe.mjs`): on SIGUSR2 it writes what the event loop went
// through since the last signal — its delay (perf_hooks.monitorEventLoopDelay) and the garbage
// collector's pauses, and how long the process itself took over each request (from the request's
// start to its response handed to the socket) — to LOOP_PROBE_FILE, and starts counting afresh.
// The bench signals before and after each load round, so each round gets its own figures. The
// load generator's latency minus this one is time outside the server: the socket, the kernel and
// the load generator itself, which share the machine's cores.
import diagnostics from 'node:diagnostics_channel';
import { writeFileSync } from 'node:fs';
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
  process.on('SIGUSR2', () => {
    const now = performance.now();
    const cpu = process.cpuUsage(cpuSince);
    writeFileSync(
      file,
      JSON.stringify({
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
