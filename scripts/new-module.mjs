#!/usr/bin/env node
// `npm run new:module <name> [-- --title 中文名]`: the skeleton of docs/NEW-MODULE.md for one entity
// (name + remark; list, detail, create, update, delete, seed, server test, e2e) and its registrations.
// Templates are scripts/new-module/t/*.tmpl; tokens: __m__ kebab, __M__ Pascal, __mm__ camel,
// __MM__ CONSTANT, __t__ table, __TITLE__, __PAGE_PATH__, __PAGE_TITLE__, __PAGE_KEY__, __PAGE_EXTRA__,
// __PAGE_IMPORTS__, __GROUP_KEY__, __GROUP_CODE__, __PAGE_CODE__, __ACTION__.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const templates = path.join(root, 'scripts', 'new-module', 't');

function fail(message) {
  console.error(`new:module: ${message}`);
  process.exit(1);
}

const args = process.argv.slice(2);
const name = args.find((arg) => !arg.startsWith('--'));
const titleAt = args.indexOf('--title');
if (!name || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) fail('usage: npm run new:module <kebab-name> [-- --title 中文名]');

const words = name.split('-');
const pascal = words.map((word) => word[0].toUpperCase() + word.slice(1)).join('');
const tokens = {
  __m__: name,
  __M__: pascal,
  __mm__: pascal[0].toLowerCase() + pascal.slice(1),
  __MM__: words.join('_').toUpperCase(),
  __t__: words.join('_'),
};

const file = (relative) => path.join(root, relative);
const read = (relative) => readFileSync(file(relative), 'utf8');
const created = [];
const edited = [];

for (const dir of [`src/app/modules/${name}`, `server/src/modules/${name}`]) if (existsSync(file(dir))) fail(`${dir} exists already`);
if (existsSync(file(`src/core/contracts/${name}.ts`)) || existsSync(file(`src/core/contracts/${name}`))) fail(`the contract ${name} exists already`);

// ---- the route catalogue: the module's pages go into its group, or a new one --------------------------
// The module declares its pages in src/core/access/pages/<m>.ts (template pages.ts); the catalogue
// places them with `...pageList(<MM>_PAGES)` in place of the spec page they replace.
const CATALOGUE = 'src/core/access/route-catalog.ts';
let catalogue = read(CATALOGUE);
const groupAt = catalogue.indexOf(`module: '${name}',`);
const spread = `...pageList(${tokens.__MM__}_PAGES)`;
if (groupAt >= 0) {
  const start = catalogue.lastIndexOf('  {\n    path:', groupAt);
  const end = catalogue.indexOf('\n  },\n', groupAt);
  const group = catalogue.slice(start, end);
  const title = /title: '([^']+)'/.exec(group)[1];
  const pageCall = /page\('([A-Z_]+)', '([A-Z_]+)', '([^']+)', '([^']+)'(?:, (\{.*\}))?\)/.exec(group) ?? fail(`the group of ${name} has no spec page left to build`);
  const [call, groupKey, pageKey, pagePath, pageTitle, extra] = pageCall;
  Object.assign(tokens, {
    __TITLE__: title,
    __PAGE_PATH__: pagePath,
    __PAGE_TITLE__: pageTitle,
    __PAGE_KEY__: pageKey,
    __PAGE_EXTRA__: extra ? `, ${extra.slice(1, -1).trim()}` : '',
    __PAGE_IMPORTS__: extra?.includes('TAB_QUERY') ? ', TAB_QUERY' : '',
    __GROUP_KEY__: groupKey,
    __GROUP_CODE__: `MENU_${groupKey}`,
    __PAGE_CODE__: `MENU_${groupKey}_${pageKey}`,
    __ACTION__: groupKey,
  });
  catalogue = catalogue.slice(0, start) + group.replace(call, spread) + catalogue.slice(end);
} else {
  const title = titleAt >= 0 ? args[titleAt + 1] : undefined;
  if (!title) fail(`no group with module '${name}' in ${CATALOGUE}: pass --title 中文名 to add one`);
  const key = tokens.__MM__;
  const anchor = "  {\n    path: '/account_config',";
  if (!catalogue.includes(anchor)) fail(`cannot find where to add the group in ${CATALOGUE}`);
  const group = `  {\n    path: '/${name}',\n    title: '${title}',\n    module: '${name}',\n    icon: 'appstore',\n    authority: 'MENU_${key}',\n    children: [${spread}],\n  },\n`;
  catalogue = catalogue.replace(anchor, group + anchor);
  Object.assign(tokens, {
    __TITLE__: title,
    __PAGE_PATH__: `/${name}-list`,
    __PAGE_TITLE__: title,
    __PAGE_KEY__: 'LIST',
    __PAGE_EXTRA__: '',
    __PAGE_IMPORTS__: '',
    __GROUP_KEY__: key,
    __GROUP_CODE__: `MENU_${key}`,
    __PAGE_CODE__: `MENU_${key}_LIST`,
    __ACTION__: key,
  });
}
const pagesImports = [...catalogue.matchAll(/^import \{ \w+_PAGES \} from '\.\/pages\/[\w-]+';$/gm)];
if (pagesImports.length === 0) fail(`cannot find the page declaration imports in ${CATALOGUE}`);
const lastImport = pagesImports.at(-1);
const importEnd = lastImport.index + lastImport[0].length;
catalogue = `${catalogue.slice(0, importEnd)}\nimport { ${tokens.__MM__}_PAGES } from './pages/${name}';${catalogue.slice(importEnd)}`;
writeFileSync(file(CATALOGUE), catalogue);
edited.push(CATALOGUE);
if (read('src/core/access/action-codes.ts').includes(`ACTION_${tokens.__ACTION__}_`) || read('src/core/access/action-codes.ts').includes(`actions('${tokens.__ACTION__}'`))
  console.warn(`new:module: action-codes.ts pre-declares ${tokens.__ACTION__} actions (SPEC_ACTION_ENTRIES): delete them there.`);

// ---- files --------------------------------------------------------------------------------------------
const migrationNumber = String(
  Math.max(...readdirSync(file('server/src/db/migrations')).map((entry) => Number(/^(\d{4})_/.exec(entry)?.[1] ?? 0))) + 1,
).padStart(4, '0');
const migrationName = `${migrationNumber}_${tokens.__t__}`;

const fill = (text) => Object.entries(tokens).reduce((out, [token, value]) => out.replaceAll(token, value), text);
const FILES = {
  'contract.ts': `src/core/contracts/${name}.ts`,
  'authorities.ts': `src/core/access/authorities/${name}.ts`,
  'pages.ts': `src/core/access/pages/${name}.ts`,
  'migration.ts': `server/src/db/migrations/${migrationName}.ts`,
  'server-index.ts': `server/src/modules/${name}/index.ts`,
  'routes.ts': `server/src/modules/${name}/${name}.routes.ts`,
  'service.ts': `server/src/modules/${name}/${name}.service.ts`,
  'seed.ts': `server/src/modules/${name}/seed.ts`,
  'server-test.ts': `server/src/modules/${name}/${name}.test.ts`,
  'app-index.ts': `src/app/modules/${name}/index.ts`,
  'api.ts': `src/app/modules/${name}/${name}.api.ts`,
  'fields.ts': `src/app/modules/${name}/${name}.fields.ts`,
  'forms.ts': `src/app/modules/${name}/${name}.forms.ts`,
  'list.tsx': `src/app/modules/${name}/${name}.list.tsx`,
  'page.tsx': `src/app/modules/${name}/pages/${name}.page.tsx`,
  'element.tsx': `src/app/modules/${name}/pages/${name}-element.page.tsx`,
  'e2e.ts': `tests/e2e/${name}.test.ts`,
};
for (const [template, target] of Object.entries(FILES)) {
  mkdirSync(path.dirname(file(target)), { recursive: true });
  writeFileSync(file(target), fill(readFileSync(path.join(templates, `${template}.tmpl`), 'utf8')));
  created.push(target);
}

// ---- registrations --------------------------------------------------------------------------------------
/** Inserts `line` after the last line matching `after` (a RegExp with the m flag). */
function afterLast(text, after, line, where) {
  const matches = [...text.matchAll(after)];
  if (matches.length === 0) fail(`cannot find ${after} in ${where}`);
  const last = matches.at(-1);
  const end = last.index + last[0].length;
  return `${text.slice(0, end)}\n${line}${text.slice(end)}`;
}
/** Inserts `line` before the first `before` (a string) that follows `from`. */
function before(text, from, beforeText, line, where) {
  const start = text.indexOf(from);
  const at = start < 0 ? -1 : text.indexOf(beforeText, start);
  if (at < 0) fail(`cannot find ${JSON.stringify(beforeText)} after ${JSON.stringify(from)} in ${where}`);
  return `${text.slice(0, at)}${line}${text.slice(at)}`;
}
function edit(relative, change) {
  writeFileSync(file(relative), change(read(relative), relative));
  edited.push(relative);
}
const { __M__: M, __mm__: mm, __MM__: MM, __t__: table, __TITLE__: title } = tokens;

edit('src/core/access/action-codes.ts', (text, where) => {
  let out = afterLast(text, /^import \{ \w+_ACTIONS \} from '\.\/authorities\/[\w-]+';$/gm, `import { ${MM}_ACTIONS } from './authorities/${name}';`, where);
  out = before(out, 'export const ACTION_CODE_ENTRIES', '].sort(', `  ...${MM}_ACTIONS,\n`, where);
  return before(out, 'const PAGE_ORDER', '];', `  '${title}',\n`, where);
});
edit('server/src/modules/index.ts', (text, where) => {
  const out = afterLast(text, /^import \{ \w+Module \} from '\.\/[\w-]+';$/gm, `import { ${mm}Module } from './${name}';`, where);
  return before(out, 'export const SERVER_MODULES', '];', `  ${mm}Module,\n`, where);
});
edit('src/app/modules/registry.ts', (text, where) => {
  const out = afterLast(text, /^import \{ \w+Module \} from '\.\/[\w-]+';$/gm, `import { ${mm}Module } from './${name}';`, where);
  return before(out, 'export const MODULES', '];', `, ${mm}Module`, where);
});
edit('server/src/db/migrations/index.ts', (text, where) => {
  const out = afterLast(text, /^import \{ \w+ \} from '\.\/\d{4}_\w+';$/gm, `import { ${mm} } from './${migrationName}';`, where);
  return before(out, 'export const migrations', '};', `  '${migrationName}': ${mm},\n`, where);
});
edit('server/src/db/schema.ts', (text, where) => {
  const out = before(text, 'export interface Database {', '\n}', `\n  ${table}: ${M}Table;`, where);
  return `${out.trimEnd()}\n\n/** ${title} (migration ${migrationNumber}). */\nexport interface ${M}Table extends ScopedRow {\n  name: string;\n  remark: Text;\n}\n`;
});
edit('server/src/db/seed.ts', (text, where) => {
  const out = afterLast(text, /^import \{ seed\w+Demo \} from '\.\.\/modules\/[\w/.-]+';$/gm, `import { seed${M}Demo } from '../modules/${name}/seed';`, where);
  return afterLast(out, /^ {4}await seed\w+Demo\(trx, .*\);$/gm, `    await seed${M}Demo(trx, enterpriseId, [CARTON, BOARD]);`, where);
});
edit('server/src/tenant-isolation.test.ts', (text, where) => {
  const out = afterLast(text, /^import \{ \w+Paths \} from '@core\/contracts\/[\w/-]+';$/gm, `import { ${M}Paths } from '@core/contracts/${name}';`, where);
  return before(out, 'swept the seeded resources', '      ]),', `        ${M}Paths.list,\n`, where);
});

console.log(`new:module ${name} (${title}, ${tokens.__PAGE_PATH__})`);
console.log(`created:\n${created.map((entry) => `  ${entry}`).join('\n')}`);
console.log(`registered in:\n${edited.map((entry) => `  ${entry}`).join('\n')}`);
console.log('next: the real fields (contract, migration, service, forms, list), a believable seed; see docs/NEW-MODULE.md.');
