import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats worth compressing; PNG, WOFF2 and other already-compressed formats are not. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|ico|ttf|otf|map)$/;

/** Below this size a compressed copy saves less than its extra request-time lookup costs. */
const MIN_BYTES = 256;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) next to every compressible
 * file of the build, so the server (@fastify/static `preCompressed`) sends them without
 * compressing on each request. Runs after every other plugin's closeBundle: the service worker
 * and the workbox runtime vite-plugin-pwa writes there are compressed too.
 */
export async function precompressDir(
  dir: string,
): Promise<{ files: number; raw: number; br: number }> {
  const totals = { files: 0, raw: 0, br: 0 };
  for await (const file of walk(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const { size } = await stat(file);
    if (size < MIN_BYTES) continue;
    const data = await readFile(file);
    const [b, g] = await Promise.all([
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gz(data, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, b), writeFile(`${file}.gz`, g)]);
    totals.files += 1;
    totals.raw += size;
    totals.br += b.length;
  }
  return totals;
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'smb-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const t = await precompressDir(outDir);
        const kb = (n: number) => `${(n / 1024).toFixed(0)} kB`;
        console.log(`[precompress] ${t.files} files: ${kb(t.raw)} raw → ${kb(t.br)} brotli`);
      },
    },
  };
}
