// `npm start`: build the console if dist/ is missing or older than its sources, then run the
// reference server in the foreground, forwarding Ctrl-C / SIGTERM so it shuts down cleanly.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded, buildNeeded, repoRoot as root } from './build-if-needed.mjs';
import { SERVER_ARGS } from './server-command.mjs';

const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function runServer() {
  // Own process group: a terminal Ctrl-C reaches only this script, which forwards it exactly once
  // (a server receiving SIGINT twice might take the second as "stop hard").
  const child = spawn(bin('tsx'), SERVER_ARGS, {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
    detached: true,
  });
  process.on('exit', () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  });
  let stopping = false;
  const forward = (signal) => {
    if (stopping) return;
    stopping = true;
    child.kill(signal);
    // A server that ignores the first signal is stopped hard after 10 s.
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  };
  process.on('SIGINT', () => forward('SIGINT'));
  process.on('SIGTERM', () => forward('SIGTERM'));
  process.on('SIGHUP', () => forward('SIGTERM'));
  child.on('exit', (code, signal) => {
    if (signal && !stopping) {
      console.error(`[start] 服务器异常退出 (server killed by ${signal})`);
      process.exit(1);
    }
    process.exit(code ?? 0);
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (buildNeeded()) {
    console.log('[start] 正在构建控制台 (building the console)…');
    try {
      buildIfNeeded();
    } catch (error) {
      console.error(`[start] 构建失败 (build failed): ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
  }
  runServer();
}
