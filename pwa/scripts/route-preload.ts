import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { chunkOfModule, chunksOf, entryChunk, staticClosure, type GraphChunk } from './chunk-graph';

/** A built chunk with the CSS files it needs. */
interface BuiltChunk extends GraphChunk {
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Starts downloading a lazy route's chunks as soon as the HTML arrives, for the paths named, where
 * the route would otherwise be requested only once the entry's script had downloaded and run (on a
 * slow phone a quarter of a second of script, then another round trip or three). A few bytes of
 * script, which index.html (served on every path) loads, add the route's JS as `modulepreload`
 * and its CSS as `preload` for those paths only; other paths download nothing more. The script is
 * a file of its own (`assets/route-preload-<hash>.js`, cached for good like every hashed asset),
 * not inline: the app's Content-Security-Policy allows scripts from its own origin only. The entry's own
 * imports are preloaded by Vite already and are left out. Each link is `crossorigin` as Vite's
 * own are: a preload fetched in another credentials mode would not be reused, but fetched again.
 *
 * `routes` maps a path (`location.pathname`, exactly) to the route module, relative to the root.
 */
export function routePreload(routes: Record<string, string>): Plugin {
  let root = process.cwd();
  let base = '/';
  let file: { name: string; source: string } | undefined;
  return {
    name: 'smb-route-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return;
        const chunks = chunksOf<BuiltChunk>(ctx.bundle);
        const entry = entryChunk(chunks);
        if (!entry) return;
        const preloaded = new Set([...staticClosure(chunks, [entry])].map((c) => c.fileName));
        const byPath: Record<string, { js: string[]; css: string[] }> = {};
        for (const [pathname, modulePath] of Object.entries(routes)) {
          const absolute = path.resolve(root, modulePath);
          const route = chunkOfModule(chunks, absolute);
          if (!route) throw new Error(`route preload: no chunk for ${pathname} (${modulePath})`);
          const needed = [...staticClosure(chunks, [route])].filter(
            (c) => !preloaded.has(c.fileName),
          );
          byPath[pathname] = {
            js: needed.map((c) => base + c.fileName),
            css: needed.flatMap((c) =>
              [...(c.viteMetadata?.importedCss ?? [])].map((f) => base + f),
            ),
          };
        }
        const script =
          `(function(r){r=r[location.pathname];if(!r)return;` +
          `function add(h,rel,as){var l=document.createElement('link');l.rel=rel;l.href=h;l.crossOrigin='';` +
          `if(as)l.as=as;document.head.appendChild(l)}` +
          `r.js.forEach(function(h){add(h,'modulepreload')});` +
          `r.css.forEach(function(h){add(h,'preload','style')})})(${JSON.stringify(byPath)})`;
        const hash = createHash('sha256').update(script).digest('base64url').slice(0, 8);
        file = { name: `assets/route-preload-${hash}.js`, source: script };
        // Before the entry's tags; async, so that it never holds up the page's parsing.
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error('route preload: no entry script in index.html');
        return `${html.slice(0, at)}<script async src="${base}${file.name}"></script>\n    ${html.slice(at)}`;
      },
    },
    // Written with the bundle, before the service worker's precache list (closeBundle) is made.
    writeBundle(options) {
      if (!file || !options.dir) return;
      const target = path.join(options.dir, file.name);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, file.source);
    },
  };
}
