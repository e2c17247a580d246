// `npm run bench` section "upload" (issue 9 §3): memory of the server under oversize uploads.
//   - starts the real server (PGlite, fresh DATA_DIR), logs in as `noperm` (any session may upload);
//   - sends BENCH_UPLOAD_BATCHES (10) batch uploads in parallel (POST /file/api/v2/batch/upload),
//     each with BENCH_UPLOAD_FILES (10) document files of BENCH_UPLOAD_MB (45) MB: far over the
//     6 MB document limit. The bodies are generated while sending, so the client stays small;
//   - samples the server process's VmRSS every 50 ms: peak growth over the RSS before (goal ≤ 50 MB),
//     and checks every batch is refused with the size message and nothing is stored.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { loginHeaders, mb, serverPid, withPeakRss, withServer } from './bench-support.mjs';

const BATCHES = Number(process.env.BENCH_UPLOAD_BATCHES ?? 10);
const FILES = Number(process.env.BENCH_UPLOAD_FILES ?? 10);
const FILE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 45);
const GOAL_MB = 50;
const CHUNK = Buffer.alloc(64 * 1024, 0x61);

/** One streamed multipart batch upload; resolves with the answer's body (or the transport error). */
function oversizeBatch(baseUrl, headers) {
  const boundary = `----mesbench${randomBytes(8).toString('hex')}`;
  const url = new URL('/file/api/v2/batch/upload', baseUrl);
  return new Promise((resolve) => {
    const request = http.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    let answered = false;
    request.on('response', (response) => {
      answered = true;
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        request.destroy();
        resolve(Buffer.concat(chunks).toString('utf8'));
      });
    });
    request.on('error', (error) => {
      if (!answered) resolve(`transport error: ${error.message}`);
    });
    const fields = { appId: 'mes-pc', orgId: '1001', type: '1', userId: '1' };
    const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    request.write(parts.join(''));
    let file = 0;
    let sent = 0;
    const perFile = FILE_MB * 1024 * 1024;
    const pump = () => {
      while (!answered && file < FILES) {
        if (sent === 0) request.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big-${file}.txt"\r\nContent-Type: text/plain\r\n\r\n`);
        const size = Math.min(CHUNK.length, perFile - sent);
        sent += size;
        const more = request.write(size === CHUNK.length ? CHUNK : CHUNK.subarray(0, size));
        if (sent === perFile) {
          request.write('\r\n');
          file += 1;
          sent = 0;
        }
        if (!more) return void request.once('drain', pump);
      }
      if (!answered) request.end(`--${boundary}--\r\n`);
    };
    pump();
  });
}

function storedFiles(dataDir) {
  const dir = path.join(dataDir, 'files');
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
  } catch {
    return 0;
  }
}

/** The "upload" section of `npm run bench`. */
export async function uploadMemoryReport() {
  console.log(`\nOversize uploads: ${BATCHES} parallel batches × ${FILES} files × ${FILE_MB} MB (document, limit 6 MB), PGlite:`);
  return withServer('pglite', 'bench-upload', async (server) => {
    const headers = await loginHeaders(server.url, 'noperm', 'noperm123');
    const pid = serverPid(server.dataDir);
    // The seed's own files (attachments, pictures) are there before: only new ones count.
    const seeded = storedFiles(server.dataDir);
    const t0 = performance.now();
    const { result, before, peak } = await withPeakRss(pid, () => Promise.all(Array.from({ length: BATCHES }, () => oversizeBatch(server.url, headers))));
    const seconds = (performance.now() - t0) / 1000;
    const refused = result.filter((body) => body.includes('文件大小不能超过')).length;
    const growth = peak - before;
    const stored = storedFiles(server.dataDir) - seeded;
    const pass = growth <= GOAL_MB * 1024 && refused === BATCHES && stored === 0;
    console.log(`  server RSS ${mb(before)} before, peak ${mb(peak)}: growth ${mb(growth)} (goal ≤ ${GOAL_MB} MB) in ${seconds.toFixed(1)} s`);
    console.log(`  batches refused with the size message: ${refused}/${BATCHES}${refused < BATCHES ? ` (first answer: ${result[0]?.slice(0, 160)})` : ''}`);
    console.log(`  files stored by the uploads: ${stored} (the seed's ${seeded} before); ${pass ? 'PASS' : 'FAIL'}`);
    return { pass, growthKb: growth };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { pass } = await uploadMemoryReport();
  process.exitCode = pass ? 0 : 1;
}
