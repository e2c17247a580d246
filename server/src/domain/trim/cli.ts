/**
 * `npm run --silent trim -- FILE`: reads a corrugator-trim instance (JSON) and prints the plan on
 * stdout. A refused instance (malformed, or an order no run can place) prints the reason on
 * stderr and exits with code 2, without a plan. `--stats` adds the lower bound and timings on
 * stderr.
 */
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { optimiseTrim } from './optimise';
import { TrimRefusal } from './types';
import { parseTrimInstance } from './validate';

interface Output {
  out: (text: string) => void;
  err: (text: string) => void;
}

const processOutput: Output = { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) };

/** Runs the CLI on its arguments and returns the exit code. */
export async function main(args: string[], io: Output = processOutput): Promise<number> {
  const stats = args.includes('--stats');
  const files = args.filter((arg) => arg !== '--stats');
  if (files.length !== 1) {
    io.err('用法：npm run --silent trim -- 实例文件.json [--stats]\n');
    return 2;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(files[0], 'utf8'));
  } catch (error) {
    io.err(`无法读取实例文件 ${files[0]}：${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  try {
    const { plan, stats: figures } = await optimiseTrim(parseTrimInstance(raw));
    io.out(`${JSON.stringify(plan, null, 2)}\n`);
    if (stats) io.err(`${JSON.stringify(figures)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof TrimRefusal) {
      io.err(`拒绝排产：${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
