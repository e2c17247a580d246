/**
 * `npm run --silent schedule -- FILE [--budget MS] [--seed N]`: reads an instance (JSON) and
 * prints the plan (JSON) on stdout. A bad instance: the error on stderr naming its place, exit 2.
 */
import { readFileSync } from 'node:fs';
import { InstanceError, schedule } from './index';

function main(argv: string[]): number {
  const args = [...argv];
  const option = (name: string): number | undefined => {
    const at = args.indexOf(name);
    if (at < 0) return undefined;
    const value = Number(args[at + 1]);
    args.splice(at, 2);
    if (!Number.isFinite(value) || value < 0) throw new Error(`${name} 需要一个非负数`);
    return value;
  };
  let budgetMs: number | undefined;
  let seed: number | undefined;
  try {
    budgetMs = option('--budget');
    seed = option('--seed');
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 1;
  }
  if (args.length !== 1) {
    process.stderr.write('用法: npm run --silent schedule -- 实例文件.json [--budget 毫秒] [--seed 种子]\n');
    return 1;
  }
  let text: string;
  try {
    text = readFileSync(args[0], 'utf8');
  } catch (error) {
    process.stderr.write(`无法读取文件 ${args[0]}: ${(error as Error).message}\n`);
    return 1;
  }
  let instance: unknown;
  try {
    instance = JSON.parse(text);
  } catch (error) {
    process.stderr.write(`${args[0]}: 不是有效的 JSON (${(error as Error).message})\n`);
    return 2;
  }
  try {
    process.stdout.write(`${JSON.stringify(schedule(instance, { budgetMs, seed }), null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof InstanceError) {
      process.stderr.write(`实例错误 ${error.place}: ${error.problem}\n`);
      return 2;
    }
    throw error;
  }
}

process.exitCode = main(process.argv.slice(2));
