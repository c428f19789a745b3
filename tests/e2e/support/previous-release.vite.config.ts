import { mergeConfig, type Plugin } from 'vite';
import base from '../../../vite.config';
import { PREVIOUS_DIST_DIR } from './paths';

/**
 * Build N of the week-offline journey (week-offline.spec.ts): the app as the release before this
 * one — the same sources, speaking sync protocol 1 (its queued mutations are written in version
 * 1's shape and pushed as version 1) with the local database one schema version behind. The
 * current build (dist/pwa) is build N+1: protocol 2 and one Dexie upgrade more.
 *
 * Built into dist/pwa-previous by the e2e global setup; never shipped.
 */
export const PREVIOUS_PROTOCOL = 1;
/** The schema version of build N; build N+1 (dist/pwa) declares the versions after it. */
export const PREVIOUS_SCHEMA_VERSION = 2;

function replaceOnce(code: string, from: string, to: string, id: string): string {
  if (!code.includes(from)) throw new Error(`previous release: "${from}" not found in ${id}`);
  return code.replace(from, to);
}

const previousRelease: Plugin = {
  name: 'smb-previous-release',
  enforce: 'pre',
  transform(code, id) {
    const file = id.split('?')[0]!.replace(/\\/g, '/');
    if (file.endsWith('/shared-types/src/sync-protocol.ts'))
      return replaceOnce(
        code,
        'export const PROTOCOL_VERSION = 2;',
        `export const PROTOCOL_VERSION = ${PREVIOUS_PROTOCOL};`,
        file,
      );
    if (file.endsWith('/pwa/src/db/database.ts'))
      return replaceOnce(
        code,
        'export class SmbDatabase extends Dexie {',
        `SCHEMA_VERSIONS.splice(SCHEMA_VERSIONS.filter((v) => v.version <= ${PREVIOUS_SCHEMA_VERSION}).length);\n\nexport class SmbDatabase extends Dexie {`,
        file,
      );
    return undefined;
  },
};

export default mergeConfig(base, {
  build: { outDir: PREVIOUS_DIST_DIR, emptyOutDir: true },
  plugins: [previousRelease],
});
