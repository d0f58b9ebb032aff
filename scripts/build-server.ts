// `npm run build:server [out-dir]`: the api, the worker and the all-in-one process bundled into
// plain JavaScript (default dist/server), with what they read at run time beside them: the
// migrations, the built web app, and a package.json and lockfile naming only the packages a bundle
// cannot hold. The production image runs `npm ci --omit=dev` there and nothing else.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = resolve(process.argv[2] ?? join(root, 'dist/server'));

/** Packages the bundles load from node_modules, and why they cannot be bundled. */
const RUNTIME_PACKAGES: Record<string, string> = {
  sharp: 'native image codec (libvips), one prebuilt package per platform',
  '@electric-sql/pglite': 'PostgreSQL in WebAssembly: reads its .wasm and data files beside it',
  // Not imported: the bundled @bull-board/api finds it with require.resolve at run time.
  '@bull-board/ui': "the job dashboard's pages and assets, read from its folder",
  msgpackr: "BullMQ's codec: loads its optional native decoder (msgpackr-extract) from beside it",
  'tesseract.js': 'OCR: starts its worker script and WebAssembly core from its own folder',
  // Not imported: the receipt reader finds its folder with require.resolve at run time.
  '@tesseract.js-data/eng': 'the OCR model, read from its folder',
};
const ENTRIES = {
  'main-api': 'api/src/main.ts',
  'main-worker': 'worker/src/main.ts',
  'all-in-one': 'scripts/all-in-one.ts',
  // Started by the api in a thread of its own (api/src/spreadsheets/read-xlsx.ts), found beside it.
  'xlsx-worker': 'api/src/spreadsheets/xlsx-worker.mjs',
};

// In the workspace the migrations are found relative to shared/src/server/db; the bundle finds
// its copy beside itself.
const migrationsBesideBundle: Plugin = {
  name: 'migrations-beside-bundle',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /shared\/src\/server\/db\/migrations-folder\.ts$/ }, () => ({
      loader: 'ts',
      contents: `import { fileURLToPath } from 'node:url';
export const migrationsFolder = fileURLToPath(new URL('./drizzle', import.meta.url));`,
    }));
  },
};

interface LockEntry {
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [key: string]: unknown;
}

/** Where Node would find `name` from the package installed at `from` ('' is the root). */
function locate(
  packages: Record<string, LockEntry>,
  from: string,
  name: string,
): string | undefined {
  let dir = from;
  while (true) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) break;
    const parent = dir.lastIndexOf('/node_modules/');
    dir = parent === -1 ? '' : dir.slice(0, parent);
  }
  return undefined;
}

/**
 * The root lockfile's entries for the runtime packages and everything they pull in, at the same
 * versions and paths: the image installs exactly what the tests ran with. An entry is optional
 * when only optional dependencies lead to it; none is dev.
 */
function runtimeLockfile(rootLock: { packages: Record<string, LockEntry> }) {
  const packages = rootLock.packages;
  const required = new Set<string>();
  const reachable = new Set<string>();
  const walk = (from: string, names: string[], optional: boolean) => {
    for (const name of names) {
      const path = locate(packages, from, name);
      // The root lockfile lacks a few optional packages of other platforms (npm adds them below).
      if (!path && optional) continue;
      if (!path) throw new Error(`${name} (needed by ${from || 'the bundle'}) is not locked`);
      if (optional ? reachable.has(path) : required.has(path)) continue;
      reachable.add(path);
      if (!optional) required.add(path);
      const entry = packages[path] as LockEntry;
      const peers = Object.keys(entry.peerDependencies ?? {}).filter(
        (peer) => !entry.peerDependenciesMeta?.[peer]?.optional,
      );
      walk(path, [...Object.keys(entry.dependencies ?? {}), ...peers], optional);
      // Every platform's native packages are locked; npm installs the one that fits.
      walk(path, Object.keys(entry.optionalDependencies ?? {}), true);
    }
  };
  walk('', Object.keys(RUNTIME_PACKAGES), false);
  const entries: Record<string, LockEntry> = {};
  for (const path of [...reachable].sort()) {
    const { dev, devOptional, optional, peer, ...entry } = packages[path] as LockEntry;
    entries[path] = required.has(path) ? entry : { ...entry, optional: true };
  }
  return entries;
}

function versionOf(packages: Record<string, LockEntry>, name: string): string {
  const entry = packages[`node_modules/${name}`];
  if (!entry) throw new Error(`${name} is not in package-lock.json`);
  return entry.version;
}

if (!existsSync(join(root, 'web/dist/index.html')) || !existsSync(join(root, 'web/dist-ssr'))) {
  process.stderr.write('The web app is not built: run `npm run build:web` first.\n');
  process.exit(1);
}
// The folder is emptied first: never the repository or a folder that holds it.
if (!relative(outDir, root).startsWith('..')) {
  process.stderr.write(`${outDir} holds the repository; give build:server a folder of its own.\n`);
  process.exit(1);
}
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

await build({
  absWorkingDir: root,
  entryPoints: ENTRIES,
  outdir: outDir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: Object.keys(RUNTIME_PACKAGES),
  // Bundled CommonJS packages call require() for Node's modules and the runtime packages (and
  // @bull-board/api through eval, which sees this module's require).
  banner: {
    js: "import { createRequire as __campusCreateRequire } from 'node:module';\nconst require = __campusCreateRequire(import.meta.url);",
  },
  plugins: [migrationsBesideBundle],
  logLevel: 'warning',
});

cpSync(join(root, 'shared/drizzle'), join(outDir, 'drizzle'), { recursive: true });
// WEB_DIST_DIR defaults to web/dist, relative to the working directory: the image runs here.
cpSync(join(root, 'web/dist'), join(outDir, 'web/dist'), { recursive: true });
// The api renders the storefront's pages with the web's server build, found beside web/dist.
cpSync(join(root, 'web/dist-ssr'), join(outDir, 'web/dist-ssr'), { recursive: true });

const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const rootLock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
const name = 'campusbucket-server';
const version = '0.0.0';
const engines = rootPackage.engines;
const dependencies = Object.fromEntries(
  Object.keys(RUNTIME_PACKAGES).map((pkg) => [pkg, versionOf(rootLock.packages, pkg)]),
);
const locked = runtimeLockfile(rootLock);
writeFileSync(
  join(outDir, 'package.json'),
  `${JSON.stringify({ name, version, private: true, type: 'module', engines, dependencies }, null, 2)}\n`,
);
writeFileSync(
  join(outDir, 'package-lock.json'),
  `${JSON.stringify(
    {
      name,
      version,
      lockfileVersion: 3,
      requires: true,
      packages: { '': { name, version, engines, dependencies }, ...locked },
    },
    null,
    2,
  )}\n`,
);

// The root lockfile lacks a few optional packages for other platforms (npm ci accepts that at the
// root, not in a project of its own): npm adds them, and changes nothing it was given.
const filled = spawnSync(
  'npm',
  [
    'install',
    '--package-lock-only',
    '--prefer-offline',
    '--ignore-scripts',
    '--no-audit',
    '--no-fund',
  ],
  { cwd: outDir, stdio: ['ignore', 'ignore', 'inherit'] },
);
if (filled.status !== 0) throw new Error(`npm could not complete ${outDir}/package-lock.json`);
const final = JSON.parse(readFileSync(join(outDir, 'package-lock.json'), 'utf8'));
for (const [path, entry] of Object.entries(locked)) {
  if (final.packages[path]?.version !== entry.version) {
    throw new Error(`npm changed ${path} from ${entry.version} in ${outDir}/package-lock.json`);
  }
}
process.stdout.write(`Built the server into ${outDir}\n`);
