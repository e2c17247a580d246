import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkPlan } from './check';
import { main } from './cli';
import { generateTrimInstance } from './generate';
import { parseTrimInstance } from './validate';

const dir = mkdtempSync(path.join(os.tmpdir(), 'trim-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(content: string) {
  const file = path.join(dir, `instance-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, content);
  let out = '';
  let err = '';
  const code = await main([file], { out: (text) => (out += text), err: (text) => (err += text) });
  return { code, out, err };
}

describe('npm run trim -- FILE', () => {
  it('prints the plan of an instance file on stdout', async () => {
    const instance = generateTrimInstance({ seed: 3, orders: 25 });
    const { code, out, err } = await run(JSON.stringify(instance));
    expect(err).toBe('');
    expect(code).toBe(0);
    const plan = JSON.parse(out);
    expect(plan.instance).toBe(instance.name);
    expect(checkPlan(parseTrimInstance(instance), plan)).toEqual([]);
  });

  it('refuses an impossible instance with the order and the reason on stderr, exit code 2 and no plan', async () => {
    const instance = { ...generateTrimInstance({ seed: 3, orders: 5 }), rollWidths: [1400] };
    instance.orders[2] = { id: 'W9', width: 1390, length: 800, qty: 300 };
    const { code, out, err } = await run(JSON.stringify(instance));
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(/^拒绝排产：订单 W9 无法排产：宽度 1390 mm/);
  });

  it('refuses a file that is not JSON', async () => {
    const { code, out, err } = await run('{ "orders": [');
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toContain('无法读取实例文件');
  });
});
