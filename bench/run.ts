/** `npm run bench`: measures, prints a table and writes bench/results/latest.json. */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchApi, type LoadResult } from './api';

const here = path.dirname(fileURLToPath(import.meta.url));
const log = (line: string) => console.log(line);

const started = Date.now();
const report: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  },
};

const api: LoadResult[] = [];
const rss: Record<string, number> = {};
for (const database of ['postgres', 'embedded'] as const) {
  const { results, serverRssMb } = await benchApi(database, log);
  api.push(...results);
  rss[`serverAfterLoad_${database}`] = serverRssMb;
}
report.api = api;
report.memoryMb = rss;

console.log(
  '\nAPI throughput and latency (autocannon, 50 connections, load generator on the same 2 cores)',
);
console.log(
  '| endpoint | database | ours req/s | p50 ms | p99 ms | baseline req/s | baseline p99 ms | ours / baseline | errors |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
for (const r of api.filter((x) => x.target === 'ours')) {
  const b = api.find(
    (x) => x.target === 'baseline' && x.name === r.name && x.database === r.database,
  );
  const ratio = b ? `${Math.round((r.requestsPerSecond / b.requestsPerSecond) * 100)} %` : '—';
  console.log(
    `| ${r.name} | ${r.database} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${b?.requestsPerSecond ?? '—'} | ${b?.p99 ?? '—'} | ${ratio} | ${r.errors + r.non2xx} |`,
  );
}
console.log(
  `\nServer RSS after the load runs: ${Object.entries(rss)
    .map(([k, v]) => `${k} ${v} MB`)
    .join(', ')}`,
);

report.durationSeconds = Math.round((Date.now() - started) / 1000);
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(path.join(here, 'results/latest.json'), JSON.stringify(report, null, 2));
console.log(`\nWrote bench/results/latest.json (${report.durationSeconds} s)`);
