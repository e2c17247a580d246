// Flat ESLint config: TypeScript rules everywhere, React hooks rules for the console, and the
// layer rules of ARCHITECTURE.md (src/core stays framework-free; modules meet through index.ts).
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const root = path.dirname(new URL(import.meta.url).pathname);
const modulesDir = path.join(root, 'src', 'app', 'modules');

const isInside = (file, dir) => file === dir || file.startsWith(dir + path.sep);

/** The module folder name of a file under src/app/modules, or null. */
const moduleOf = (file) => {
  if (!isInside(file, modulesDir)) return null;
  const rest = path.relative(modulesDir, file).split(path.sep);
  return rest.length > 1 ? rest[0] : null;
};

// Resolves relative imports against the importing file, so a module's internals are caught at any depth.
const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the layer rules of ARCHITECTURE.md' },
    schema: [],
    messages: {
      crossModule:
        'Modules import each other only through their index.ts: import "{{target}}" from the module root instead.',
    },
  },
  create(context) {
    const file = context.filename;
    const check = (node) => {
      const source = node.source && node.source.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const targetModule = moduleOf(target) ?? (path.dirname(target) === modulesDir ? path.basename(target) : null);
      const ownModule = moduleOf(file);
      if (targetModule && targetModule !== ownModule) {
        const inner = path.relative(path.join(modulesDir, targetModule), target);
        if (inner !== '' && inner !== 'index' && inner !== 'index.ts' && inner !== 'index.js') {
          context.report({ node: node.source, messageId: 'crossModule', data: { target: targetModule } });
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
    plugins: { local: { rules: { layers } } },
    rules: {
      'local/layers': 'error',
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
              group: ['**/app', '**/app/**', '**/elements', '**/elements/**', 'src/app/**', 'src/elements/**'],
              message: 'src/core must not import from src/app or src/elements.',
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
