import { gzipSync } from 'node:zlib';
import path from 'node:path';
import type { Plugin } from 'vite';
import { chunkOfModule, chunksOf, entryChunk, staticClosure, type GraphChunk } from './chunk-graph';

interface BundleReportOptions {
  /** Route modules (relative to the Vite root) whose download cost is reported. */
  entries: Record<string, string>;
  /** Module ids that must never be part of what the landing page downloads. */
  forbiddenInLanding?: RegExp[];
}

interface ChunkInfo extends GraphChunk {
  code: string;
  moduleIds: string[];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/**
 * Prints the gzip size of the entry chunk and of what each named route downloads on first visit
 * (entry + the route chunk + their static imports), and fails the build when the landing page
 * would pull in the dashboard, the editor or Dexie.
 */
export function bundleReport(options: BundleReportOptions): Plugin {
  let root = process.cwd();
  return {
    name: 'smb-bundle-report',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_outputOptions, bundle) {
      const chunks = chunksOf<ChunkInfo>(bundle);
      const closure = (start: ChunkInfo[]) => staticClosure(chunks, start);
      const gzip = (set: Iterable<ChunkInfo>) => {
        let total = 0;
        for (const chunk of set) total += gzipSync(chunk.code).length;
        return total;
      };
      const entry = entryChunk(chunks);
      if (!entry) return;
      const lines = [
        `entry ${entry.fileName}: ${kb(gzip([entry]))} gzip (with static imports ${kb(gzip(closure([entry])))})`,
      ];
      const routeSets: Record<string, Set<ChunkInfo>> = {};
      for (const [name, modulePath] of Object.entries(options.entries)) {
        const absolute = path.resolve(root, modulePath);
        const routeChunk = chunkOfModule(chunks, absolute);
        if (!routeChunk) {
          this.warn(`bundle report: no chunk found for ${name} (${modulePath})`);
          continue;
        }
        const set = closure([entry, routeChunk]);
        routeSets[name] = set;
        lines.push(
          `${name} chunk ${routeChunk.fileName}: ${kb(gzip([routeChunk]))} gzip; first visit downloads ${set.size} JS files, ${kb(gzip(set))} gzip`,
        );
      }
      const landing = routeSets.landing;
      if (landing && options.forbiddenInLanding) {
        for (const chunk of landing) {
          const bad = chunk.moduleIds.find((id) =>
            options.forbiddenInLanding?.some((re) => re.test(id)),
          );
          if (bad)
            this.error(
              `The landing page would download ${bad} (via ${chunk.fileName}); keep it behind a lazy route.`,
            );
        }
      }
      console.log(`\n[bundle sizes, gzip]\n  ${lines.join('\n  ')}\n`);
    },
  };
}
