import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { buildSync } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
// Below this a compressed copy saves less than the bytes of its headers.
const MIN_BYTES = 1024;

/**
 * Writes a .br and a .gz copy beside every compressible asset of the build, once, at maximum
 * compression; the api serves them to browsers that accept them (no compression per request).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'campus-precompress',
    apply: 'build',
    configResolved(config) {
      // The server's own build (dist-ssr) is read from disk, never sent.
      outDir = config.build.ssr ? '' : resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      if (!outDir) return;
      const walk = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const path = join(dir, name);
          if (statSync(path).isDirectory()) walk(path);
          else if (COMPRESSIBLE.test(name) && statSync(path).size >= MIN_BYTES) {
            const body = readFileSync(path);
            writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
            writeFileSync(
              `${path}.br`,
              brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            );
          }
        }
      };
      walk(outDir);
    },
  };
}

/**
 * Puts src/early-requests.ts into index.html as an inline script, bundled and minified: it runs
 * while the page is parsed, so the page's data is asked for before the app's script has arrived.
 * The api allows it by its hash (api/src/routes/web.ts).
 */
function earlyRequests(): Plugin {
  const entry = fileURLToPath(new URL('./src/early-requests.ts', import.meta.url));
  return {
    name: 'campus-early-requests',
    // At the end of the head, after the app's script and stylesheet: the browser asks for those
    // first, and this script runs once the small stylesheet is in, while the app's script loads.
    transformIndexHtml() {
      const [bundle] = buildSync({
        entryPoints: [entry],
        bundle: true,
        minify: true,
        format: 'iife',
        target: 'es2020',
        write: false,
      }).outputFiles;
      if (!bundle) throw new Error(`esbuild wrote nothing for ${entry}`);
      // By its id the api puts a rendered page's data in its place: that page has its data.
      const attrs = { id: 'early-requests' };
      return [{ tag: 'script', attrs, children: bundle.text.trim(), injectTo: 'head' }];
    },
  };
}

// The app's script element as the build writes it into index.html.
const APP_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;

/**
 * Starts the app's script once a page the server rendered has been painted, not beside the
 * stylesheet: a slow phone shows the page first and spends nothing on the app before it
 * (decision 017). Until the app replaces it, that page is inert, so that no tap is lost on a
 * button the app does not run yet; should the script not come, its links work as plain links
 * again (and without JavaScript they always do). A page without the server's markup starts the
 * script at once, as does a tab opened in the background, which paints nothing.
 */
function startAfterFirstPaint(): Plugin {
  return {
    name: 'campus-start-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const src = APP_SCRIPT.exec(html)?.[1];
        if (!src) throw new Error('index.html has no app script to start after the first paint');
        // Once: on the paint observer's word, or two frames on where there is none.
        const loader = `(function(){var d=0,r=document.getElementById('root'),w=r&&r.firstElementChild;function s(){if(d)return;d=1;var e=document.createElement('script');e.type='module';e.src=${JSON.stringify(src)};e.onerror=function(){w.inert=!1};document.head.append(e)}if(!w||document.visibilityState==='hidden')return s();w.inert=!0;try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)s()}).observe({type:'paint',buffered:!0})}catch(x){requestAnimationFrame(function(){requestAnimationFrame(s)})}})()`;
        return html
          .replace(APP_SCRIPT, '')
          .replace('</body>', `  <script>${loader}</script>\n  </body>`);
      },
    },
  };
}

// React Router's package sends every bundler to its development build (remix-run/react-router#14102);
// a build takes the production one, which is the same but for the development warnings.
const reactRouterProduction = {
  find: /^react-router$/,
  replacement: fileURLToPath(
    new URL('dist/production/index.mjs', import.meta.resolve('react-router/package.json')),
  ),
};

// React Router's production build declares its components at the top level as
// `React.forwardRef(...)` calls and then names them (`Link.displayName = "Link"`). To a bundler both
// look like side effects, so every component stays in the bundle, used or not. Marked pure, and
// without the names (which only React's development tools show), the ones the app never renders
// are left out: `<Form>` and what it submits with, and, since the app has links of its own
// (src/components/link.tsx), `Link` and `NavLink`: 3.9 KB gzip of the first paint (decision 017).
const REACT_ROUTER_CHUNK = /\/react-router\/dist\/production\/[^/]+\.mjs$/;
const TOP_LEVEL_FORWARD_REF = /^(var \w+ = )(React\d*\.forwardRef\()/gm;
// Replaced by an empty line, so that the module keeps its line numbers.
const TOP_LEVEL_DISPLAY_NAME = /^\w+\.displayName = "[^"\n]*";$/gm;

function reactRouterTreeShaking(): Plugin {
  return {
    name: 'campus-react-router-tree-shaking',
    apply: 'build',
    transform: {
      filter: { id: REACT_ROUTER_CHUNK },
      handler(code, id) {
        if (!code.match(TOP_LEVEL_FORWARD_REF)) return null;
        // A React Router that names its components some other way would keep them all again.
        if (!code.match(TOP_LEVEL_DISPLAY_NAME)) {
          throw new Error(`${id}: forwardRef components without a displayName line to drop`);
        }
        return {
          code: code
            .replace(TOP_LEVEL_FORWARD_REF, '$1/* @__PURE__ */ $2')
            .replace(TOP_LEVEL_DISPLAY_NAME, ''),
          map: null,
        };
      },
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    reactRouterTreeShaking(),
    earlyRequests(),
    startAfterFirstPaint(),
    precompress(),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' ? [reactRouterProduction] : []),
    ],
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
      '/readyz': 'http://localhost:3000',
    },
  },
  // The server's build (src/entry-server.tsx) holds every package it uses: the api loads it alone,
  // with React's production build whatever NODE_ENV the api runs with.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // The page's one script has no modulepreload links to polyfill, and the lazy screens'
        // preloads fall back to rel=preload where modulepreload is missing.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          output: {
            // Everything the entry imports statically is one file, which the lazy screens import
            // from, not eight files of modules that some lazy screen shares: one file gzips 4 KB
            // smaller.
            codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
          },
        },
      },
}));
