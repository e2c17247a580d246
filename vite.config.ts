import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const root = import.meta.dirname;
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string };
const BACKEND = process.env.MES_BACKEND ?? 'http://localhost:8080';
/** Entry that hosts load by a stable name (`dist/mes-elements.js`). */
const ELEMENTS_ENTRY = 'mes-elements';

function buildStamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

/**
 * Writes `static/version.txt` (`<version>,<ISO date>` newest first, spec §4) with the same version
 * that is baked into the bundle, so the console can compare its own build with the published one.
 */
function versionFile(version: string, builtAt: Date): Plugin {
  return {
    name: 'mes-version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'static/version.txt',
        source: `${version},${builtAt.toISOString()}\n`,
      });
    },
  };
}

export default defineConfig(({ command }) => {
  // Builds launched from test runners inherit NODE_ENV=test, which would bundle React's development build.
  if (command === 'build') process.env.NODE_ENV = 'production';
  const builtAt = new Date();
  const version = command === 'build' ? `${pkg.version}+${buildStamp(builtAt)}` : 'dev';
  const proxied = ['/base', '/dps-server', '/file', '/account_center', '/static/version.txt'];
  return {
    plugins: [react(), versionFile(version, builtAt)],
    // @core, @app, @elements and @server come from tsconfig.json `paths` (one list for every tool).
    resolve: { tsconfigPaths: true },
    define: { __BUILD_VERSION__: JSON.stringify(version) },
    server: {
      proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: BACKEND, changeOrigin: true }])),
    },
    build: {
      target: 'es2022',
      chunkSizeWarningLimit: 1500,
      modulePreload: { polyfill: false },
      rolldownOptions: {
        // TypeBox schema builders have no side effects: unused contract schemas must not reach the browser.
        treeshake: { manualPureFunctions: ['Type'] },
        input: {
          main: resolve(root, 'index.html'),
          demo: resolve(root, 'demo/index.html'),
          [ELEMENTS_ENTRY]: resolve(root, 'src/elements/index.ts'),
        },
        output: {
          entryFileNames: (chunk) =>
            chunk.name === ELEMENTS_ENTRY ? `${ELEMENTS_ENTRY}.js` : 'assets/[name]-[hash].js',
          chunkFileNames: 'assets/[name]-[hash].js',
          assetFileNames: 'assets/[name]-[hash][extname]',
          // React is what the loader needs up front; everything else stays in lazy chunks.
          advancedChunks: {
            groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
          },
        },
      },
    },
  };
});
