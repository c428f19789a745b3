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

/**
 * Build N's schema history: the versions up to `version`, its last one also declaring every table
 * a later version adds (tax rates, the dashboard's summaries). Build N runs today's code, and that
 * code reads those tables; a real release N had the code of its own schema. Declaring them keeps
 * the simulation honest without the app guarding against tables its own schema always has.
 * Upgrading to N+1 then runs every later version as a real device would: Dexie drops the tables
 * build N+1's older versions do not declare and the later versions create them again — the
 * summaries refilled from the rows by their upgrade, the tax rates empty. (The rates build N had
 * pulled are gone until they change on the server: an artefact of the simulation only. A real
 * release N never had them; the server migration that created them made them newer than its
 * cursor, so its first pull after the update brings them.)
 */
function declarePreviousSchema(version: number): string {
  return `{
  const kept = SCHEMA_VERSIONS.filter((v) => v.version <= ${version}).length;
  const declared = new Set(SCHEMA_VERSIONS.slice(0, kept).flatMap((v) => Object.keys(v.stores)));
  const added = SCHEMA_VERSIONS.splice(kept)
    .flatMap((v) => Object.entries(v.stores))
    .filter(([table, spec]) => spec !== null && !declared.has(table));
  const last = SCHEMA_VERSIONS[kept - 1];
  last.stores = { ...last.stores, ...Object.fromEntries(added) };
}`;
}

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
        `${declarePreviousSchema(PREVIOUS_SCHEMA_VERSION)}\n\nexport class SmbDatabase extends Dexie {`,
        file,
      );
    return undefined;
  },
};

export default mergeConfig(base, {
  build: { outDir: PREVIOUS_DIST_DIR, emptyOutDir: true },
  plugins: [previousRelease],
});
