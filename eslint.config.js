// Flat ESLint config: TypeScript rules everywhere, React hooks rules for the console, and the
// layer rules of ARCHITECTURE.md (src/core stays framework-free; modules meet through index.ts).
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const root = path.dirname(new URL(import.meta.url).pathname);
const clientModulesDir = path.join(root, 'src', 'app', 'modules');
const serverModulesDir = path.join(root, 'server', 'src', 'modules');
const serverLibDir = path.join(root, 'server', 'src', 'lib');
const clientSharedDirs = [path.join(root, 'src', 'app', 'shared'), path.join(root, 'src', 'app', 'components')];

/** Path aliases of tsconfig.json `paths`, resolved the same way here. */
const ALIASES = {
  '@core/': path.join(root, 'src', 'core'),
  '@app/': path.join(root, 'src', 'app'),
  '@elements/': path.join(root, 'src', 'elements'),
  '@server/': path.join(root, 'server', 'src'),
};

const directories = new Map();
const isDirectory = (dir) => {
  if (!directories.has(dir)) directories.set(dir, existsSync(dir) && statSync(dir).isDirectory());
  return directories.get(dir);
};

const isInside = (file, dir) => file === dir || file.startsWith(dir + path.sep);

/** The absolute target of a relative or aliased import, or null for a package. */
function resolveImport(file, source) {
  if (source.startsWith('.')) return path.resolve(path.dirname(file), source);
  for (const [prefix, dir] of Object.entries(ALIASES)) {
    if (source.startsWith(prefix)) return path.join(dir, source.slice(prefix.length));
  }
  return null;
}

/** The module folder name of a path under `modulesDir` (the folder itself for `modules/x`), or null. */
const moduleOf = (file, modulesDir) => {
  if (!isInside(file, modulesDir) || file === modulesDir) return null;
  const name = path.relative(modulesDir, file).split(path.sep)[0];
  // Files beside the module folders (the registry) belong to no module.
  return isDirectory(path.join(modulesDir, name)) ? name : null;
};

/** A module's public face: its folder or its index file. */
const isModuleIndex = (target, modulesDir, name) => {
  const inner = path.relative(path.join(modulesDir, name), target);
  return inner === '' || inner === 'index' || inner === 'index.ts' || inner === 'index.js';
};

// The layer rules of ARCHITECTURE.md and docs/NEW-MODULE.md, for relative and aliased imports alike:
// - a console module (src/app/modules/<m>) never imports another module: what two modules share
//   lives in src/app/shared (or src/app/components), which never import modules;
// - a server module (server/src/modules/<m>) imports another only through its index.ts, and
//   server/src/lib never imports a module.
const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the layer rules of ARCHITECTURE.md' },
    schema: [],
    messages: {
      clientModule:
        'Console modules never import each other ("{{target}}"): move what they share to src/app/shared.',
      sharedToModule: 'Shared console code never imports a module ("{{target}}").',
      serverModule:
        'Server modules import each other only through their index.ts: import "{{target}}" from @server/modules/{{target}}.',
      libToModule: 'server/src/lib is shared by modules and never imports one ("{{target}}").',
    },
  },
  create(context) {
    const file = context.filename;
    const ownClient = moduleOf(file, clientModulesDir);
    const ownServer = moduleOf(file, serverModulesDir);
    const inShared = clientSharedDirs.some((dir) => isInside(file, dir));
    const inLib = isInside(file, serverLibDir);
    const check = (node) => {
      const source = node.source && node.source.value;
      if (typeof source !== 'string') return;
      const target = resolveImport(file, source);
      if (!target) return;
      const client = moduleOf(target, clientModulesDir);
      if (client && client !== ownClient) {
        if (ownClient) context.report({ node: node.source, messageId: 'clientModule', data: { target: client } });
        else if (inShared) context.report({ node: node.source, messageId: 'sharedToModule', data: { target: client } });
      }
      const server = moduleOf(target, serverModulesDir);
      if (server && server !== ownServer) {
        if (inLib) context.report({ node: node.source, messageId: 'libToModule', data: { target: server } });
        else if (ownServer && !isModuleIndex(target, serverModulesDir, server)) {
          context.report({ node: node.source, messageId: 'serverModule', data: { target: server } });
        }
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      '.tmp/**',
      'coverage/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { local: { rules: { layers } }, 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json') })],
    },
    rules: {
      'local/layers': 'error',
      // A cycle makes load order matter and hides a missing shared piece.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    ...reactHooks.configs.flat.recommended,
    files: ['src/**/*.{ts,tsx}', 'demo/**/*.{ts,tsx}', 'tests/browser/**/*.{ts,tsx}'],
  },
  {
    files: ['src/core/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'react-router', 'react-router-dom', 'react-router/*'],
              message: 'src/core is framework-free: no React here.',
            },
            {
              group: ['antd', 'antd/*', '@ant-design/*', '@r2wc/*'],
              message: 'src/core is framework-free: no antd or custom-element wrappers here.',
            },
            {
              group: ['**/app', '**/app/**', '**/elements', '**/elements/**', 'src/app/**', 'src/elements/**', '@app/*', '@elements/*', '@server/*'],
              message: 'src/core must not import from src/app, src/elements or the server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
