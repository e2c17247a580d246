// The reference server's sources bundled into one ES module, for test runs that start many servers
// (the e2e journeys start one per file). Under tsx every start resolves and loads ~300 TypeScript
// modules through Node 20's off-thread loader hooks: ~3 s of a 5 s start on an idle machine. The
// bundle loads in ~1.4 s. It is built once per run from the same sources; packages stay outside it
// (imported from node_modules as under tsx), and each module's `import.meta.url` stays its own
// source file, so the engines' worker threads still start from server/src (through tsx).
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { repoRoot } from '../../scripts/build-if-needed.mjs';

const OUT_FILE = path.join(repoRoot, 'node_modules', '.cache', 'mes-test-server', 'main.mjs');
const OWN_ALIASES = /^@(core|app|elements|server)\//;

/** The package name of a bare specifier (`dayjs/locale/zh-cn` → `dayjs`). */
const packageOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/**
 * Packages are imported at run time, not bundled. A deep import into a package without `exports`
 * gets the `.js` that Node's ESM resolution needs and tsx adds (`dayjs/locale/zh-cn`).
 */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^(?:@[^/]+\/)?[^./]/ }, (args) => {
      if (OWN_ALIASES.test(args.path)) return undefined;
      const name = packageOf(args.path);
      if (name === args.path || args.path.startsWith('node:')) return { path: args.path, external: true };
      const modules = path.join(repoRoot, 'node_modules');
      const manifest = path.join(modules, name, 'package.json');
      const hasExports = existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).exports !== undefined;
      const withJs = !hasExports && !existsSync(path.join(modules, args.path)) && existsSync(path.join(modules, `${args.path}.js`));
      return { path: withJs ? `${args.path}.js` : args.path, external: true };
    });
  },
};

/** `new URL('./x-worker.ts', import.meta.url)` keeps pointing beside its source file. */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]server[\\/]src[\\/].*\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

/** Bundles server/src/main.ts; returns the bundle's path. */
export async function bundleServer() {
  await build({
    entryPoints: [path.join(repoRoot, 'server', 'src', 'main.ts')],
    outfile: OUT_FILE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    tsconfig: path.join(repoRoot, 'tsconfig.json'),
    plugins: [externalPackages, ownImportMetaUrl],
    logLevel: 'warning',
  });
  return OUT_FILE;
}
