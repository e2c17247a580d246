import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
const t = Date.now();
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
const canImport = (spec, from) => { try { const u = import.meta.resolve(spec, from); return !u.startsWith('file:') || existsSync(fileURLToPath(u)); } catch { return false; } };
await build({
  entryPoints: ['server/src/main.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node20',
  outfile: 'node_modules/.cache/mes-server/main.mjs', tsconfig: 'tsconfig.json',
  define: { __BUILD_VERSION__: '"x"' }, logLevel: 'warning',
  plugins: [{ name: 'keep-url', setup(b) {
    b.onResolve({ filter: /^[^./@]|^@[^/]+\// }, (args) => {
      if (/^@(core|server|app|elements)\//.test(args.path)) return undefined;
      const from = pathToFileURL(args.importer).href;
      if (canImport(args.path, from)) return { path: args.path, external: true };
      if (canImport(args.path + '.js', from)) return { path: args.path + '.js', external: true };
      return undefined;
    });
    b.onLoad({ filter: /server\/src\/.*\.ts$/ }, async (args) => {
    const text = await readFile(args.path, 'utf8');
    if (!text.includes('import.meta.url')) return undefined;
    return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
  }); } }],
});
console.log('bundled', Date.now() - t);
