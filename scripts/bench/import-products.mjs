// `npm run bench` section "import": the product import and export of issue 4 (budget: 10,000 rows
// imported in ≤ 15 s on PGlite).
//   - starts the real server (`tsx server/src/main.ts`, PGlite, fresh DATA_DIR), logs in as admin;
//   - writes a 10,000-row xlsx with exceljs (the template's columns, valid rows using the seeded
//     classify and process-flow names), uploads it (POST /file/api/v2/upload, multipart);
//   - times POST /dps-server/product/import {url} (wall time, client side) while sampling the server
//     process's VmRSS every 50 ms (its VmHWM is printed too, which also covers start-up);
//   - checks the product list total grew by exactly 10,000;
//   - times POST /dps-server/product/export of all products, the same way, and reads the xlsx back
//     with exceljs to count its rows.
// Knob: BENCH_IMPORT_ROWS (10000; the server refuses more than 10,000 in one file).
import ExcelJS from 'exceljs';
import { startRealServer } from '../../tests/support/real-server.mjs';
import { loginHeaders, serverPid, statusKb } from './bench-support.mjs';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const BUDGET_S = 15;
const SAMPLE_MS = 50;
const IMPORT = '/dps-server/product/import';
const EXPORT = '/dps-server/product/export';
const LIST = '/dps-server/product/list';

const mb = (kib) => `${(kib / 1024).toFixed(0)} MB`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** resultData of a `{resultCode, resultData}` answer, or an error naming the call. */
async function data(res, what) {
  const body = await res.json();
  if (body.resultCode !== 1000) throw new Error(`${what} → ${JSON.stringify(body).slice(0, 300)}`);
  return body.resultData;
}

const getData = async (baseUrl, headers, url) => data(await fetch(`${baseUrl}${url}`, { headers }), url);

/** Names of every node of the classify tree. */
function classifyNames(nodes) {
  return nodes.flatMap((node) => [node.classifyName, ...classifyNames(node.children ?? [])]);
}

/** Runs `work` while sampling the pid's VmRSS every SAMPLE_MS; wall time and RSS before / peak. */
async function measured(pid, work) {
  const before = statusKb(pid, 'VmRSS');
  let peak = before ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, statusKb(pid, 'VmRSS') ?? 0);
  }, SAMPLE_MS);
  const t0 = performance.now();
  try {
    const result = await work();
    const ms = performance.now() - t0;
    peak = Math.max(peak, statusKb(pid, 'VmRSS') ?? 0);
    return { result, ms, before, peak };
  } finally {
    clearInterval(timer);
  }
}

/** Rows as the import template lays them out (header row first). */
async function importFile(baseUrl, headers, classifies, flows) {
  const template = await fetch(`${baseUrl}/dps-server/product/import_template`, { headers });
  if (!template.ok) throw new Error(`import_template → HTTP ${template.status}`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(await template.arrayBuffer()));
  const header = /** @type {unknown[]} */ (book.worksheets[0].getRow(1).values).slice(1).map(String);
  const at = (name) => {
    const index = header.findIndex((h) => h.replace(/^\*/, '') === name);
    if (index < 0) throw new Error(`import template has no column ${name} (${header.join(', ')})`);
    return index;
  };
  const columns = {
    no: at('产品编号'), name: at('产品名称'), customer: at('客户'), classify: at('产品分类'), boxStyle: at('箱型'),
    length: at('内长(mm)'), width: at('内宽(mm)'), height: at('内高(mm)'), board: at('纸板编码'), flute: at('楞型'),
    colors: at('印刷颜色数'), flow: at('工艺路线'), remark: at('备注'),
  };
  const FLUTES = ['C', 'B', 'BC', 'E', 'AB'];
  const STYLES = ['0201', '0427', '0203', '0401'];
  const out = new ExcelJS.Workbook();
  const sheet = out.addWorksheet('导入');
  sheet.addRow(header);
  for (let i = 1; i <= ROWS; i++) {
    const row = new Array(header.length).fill('');
    row[columns.no] = `BENCH${String(i).padStart(5, '0')}`;
    row[columns.name] = `压测产品${i}号`;
    row[columns.customer] = `压测客户${i % 40}`;
    row[columns.classify] = classifies[i % classifies.length];
    row[columns.boxStyle] = STYLES[i % STYLES.length];
    row[columns.length] = 300 + (i % 200);
    row[columns.width] = 200 + (i % 100);
    row[columns.height] = 150 + (i % 50);
    row[columns.board] = 'K250-C140-K250';
    row[columns.flute] = FLUTES[i % FLUTES.length];
    row[columns.colors] = i % 5;
    row[columns.flow] = flows[i % flows.length];
    row[columns.remark] = i % 10 === 0 ? '压测备注' : '';
    sheet.addRow(row);
  }
  return Buffer.from(await out.xlsx.writeBuffer());
}

async function upload(baseUrl, headers, filename, content) {
  const form = new FormData();
  form.append('type', '1');
  form.append('file', new Blob([content]), filename);
  const res = await fetch(`${baseUrl}/file/api/v2/upload`, { method: 'POST', headers, body: form });
  return (await data(res, 'upload')).url;
}

/** The "import" section of `npm run bench`; false when the import misses its budget or its count. */
export async function importExportReport() {
  console.log(`\nProduct import and export, ${ROWS} rows, PGlite (server and client on the same machine):`);
  const server = await startRealServer({ name: 'bench-import' });
  try {
    const pid = serverPid(server.dataDir);
    const headers = await loginHeaders(server.url);
    const tree = await getData(server.url, headers, '/dps-server/product_classify/tree');
    // Only names that are unique in the tree: the import refuses a name two classifies share.
    const names = classifyNames(tree);
    const classifies = names.filter((name) => names.indexOf(name) === names.lastIndexOf(name));
    const flowPage = await getData(server.url, headers, '/dps-server/work_flow/list?limit=100&isTemplate=true');
    const flows = flowPage.list.map((flow) => flow.flowName);
    const totalBefore = (await getData(server.url, headers, `${LIST}?limit=10`)).total;

    const g0 = performance.now();
    const file = await importFile(server.url, headers, classifies, flows);
    const url = await upload(server.url, headers, 'bench-products.xlsx', file);
    console.log(
      `  file: ${kb(file.length)} xlsx, ${classifies.length} seeded classifies and ${flows.length} process flows used; written and uploaded in ${seconds(performance.now() - g0)}`,
    );

    const imp = await measured(pid, async () =>
      data(await fetch(`${server.url}${IMPORT}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ url }) }), IMPORT),
    );
    const totalAfter = (await getData(server.url, headers, `${LIST}?limit=10`)).total;
    const grew = totalAfter - totalBefore;
    const importOk = imp.result.imported === ROWS && imp.result.failures.length === 0 && grew === ROWS;
    const inBudget = imp.ms <= BUDGET_S * 1000;
    console.log(
      `  import:  ${seconds(imp.ms).padStart(8)} wall   server RSS ${mb(imp.before)} before, peak ${mb(imp.peak)} (+${mb(imp.peak - imp.before)}; sampled every ${SAMPLE_MS} ms)`,
    );
    console.log(
      `           imported ${imp.result.imported}, failures ${imp.result.failures.length}${imp.result.failures.length ? ` (first: row ${imp.result.failures[0].row} ${imp.result.failures[0].message})` : ''}; list total ${totalBefore} → ${totalAfter} (+${grew})`,
    );

    const exp = await measured(pid, async () => {
      const res = await fetch(`${server.url}${EXPORT}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}' });
      const type = res.headers.get('content-type') ?? '';
      if (!type.includes('spreadsheet')) throw new Error(`${EXPORT} → ${type}: ${(await res.text()).slice(0, 300)}`);
      return Buffer.from(await res.arrayBuffer());
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exp.result);
    const exportedRows = book.worksheets[0].actualRowCount - 1;
    const exportOk = exportedRows === totalAfter;
    console.log(
      `  export:  ${seconds(exp.ms).padStart(8)} wall   server RSS ${mb(exp.before)} before, peak ${mb(exp.peak)} (+${mb(exp.peak - exp.before)}); ${kb(exp.result.length)} xlsx, ${exportedRows} rows read back (list total ${totalAfter})`,
    );
    console.log(`  server VmHWM (peak RSS since start): ${mb(statusKb(pid, 'VmHWM') ?? 0)}`);
    const pass = importOk && inBudget && exportOk;
    const why = [!importOk && 'import count wrong', !inBudget && 'over budget', !exportOk && 'export row count wrong'].filter(Boolean).join(', ');
    console.log(`  import ${seconds(imp.ms)} — budget ${BUDGET_S} s: ${pass ? 'PASS' : `FAIL (${why})`}`);
    return { pass };
  } finally {
    await server.stop();
  }
}
