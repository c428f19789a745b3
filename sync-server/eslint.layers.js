// The server's and shared-types' import boundaries, checked by `npm run lint` (the picture and the
// reasons are in docs/architecture.md). Circles that run through `import type` are left to madge
// (`npm run lint:cycles`): import-x's no-cycle does not follow type imports.
import { readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const src = (p) => `sync-server/src/${p}`;

/**
 * The layers, highest first. A file may import from its own layer and the layers below it, never
 * from a layer above.
 */
const LAYERS = [
  { name: 'server/app', paths: ['server.ts', 'app.ts', 'backup'] },
  { name: 'jobs/public-quote', paths: ['jobs', 'public-quote'] },
  { name: 'sync/plugins', paths: ['sync', 'plugins', 'request-log.ts'] },
  { name: 'modules', paths: ['modules', 'context.ts', 'http.ts', 'crud-routes.ts'] },
  { name: 'db/mail', paths: ['db', 'mail'] },
  { name: 'config', paths: ['config.ts', 'errors.ts', 'clock.ts'] },
];
const PICTURE = LAYERS.map((l) => l.name).join(' → ');

const layerZones = LAYERS.slice(1).map((layer, i) => ({
  target: layer.paths.map(src),
  from: LAYERS.slice(0, i + 1).flatMap((higher) => higher.paths.map(src)),
  message: `The server's layers run ${PICTURE}: ${layer.name} must not import from a layer above it.`,
}));

/**
 * A module reaches another module only through that module's service (`<module>.service.ts`).
 * `documents` is the shared document code of quotes, orders and invoices: any module may use it,
 * and it uses no other module. `tenant-scope.ts` is the scope every service takes.
 */
const SHARED_MODULE = 'documents';
const modules = readdirSync(path.join(root, src('modules')), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const moduleZones = modules.map((name) => ({
  target: src(`modules/${name}`),
  from: [src('modules/*/**')],
  except: [
    `**/${src(`modules/${name}`)}/**`,
    `**/${src('modules/tenant-scope.ts')}`,
    ...(name === SHARED_MODULE
      ? []
      : [`**/${src('modules/*/*.service.ts')}`, `**/${src(`modules/${SHARED_MODULE}`)}/**`]),
  ],
  message:
    name === SHARED_MODULE
      ? 'The shared document code imports no module.'
      : "A module reaches another only through its service (<module>.service.ts), or the shared 'documents' code.",
}));

/** shared-types is imported by the PWA and the server alike; it imports neither (nor tests). */
const sharedTypesZone = {
  target: 'shared-types/src',
  from: ['sync-server', 'pwa', 'tests', 'bench'],
  message: 'shared-types imports nothing of the workspaces that use it.',
};

export default [
  {
    files: ['sync-server/src/**/*.ts', 'shared-types/src/**/*.{ts,tsx}'],
    settings: {
      // no-cycle follows only the files it can parse: TypeScript ones, with TypeScript's parser.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...layerZones, ...moduleZones, sharedTypesZone] },
      ],
      'import-x/no-cycle': 'error',
    },
  },
];
