import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkPlan } from './check';
import { generateInstance } from './generate';
import type { Instance, Plan } from './types';

const dir = mkdtempSync(path.join(os.tmpdir(), 'schedule-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `npm run --silent schedule -- FILE …` as a planner or the server would run it. */
function run(instance: unknown, ...args: string[]) {
  const file = path.join(dir, `instance-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, typeof instance === 'string' ? instance : JSON.stringify(instance));
  return spawnSync('npm', ['run', '--silent', 'schedule', '--', file, ...args], { encoding: 'utf8' });
}

describe('npm run --silent schedule -- FILE', () => {
  it('prints the plan of a calculate-mode instance on stdout', () => {
    const instance = generateInstance({ seed: 3, operations: 30, machines: 6, days: 3, sequence: true, fixed: 1 });
    const result = run(instance);
    expect(result.status).toBe(0);
    const plan = JSON.parse(result.stdout) as Plan;
    expect(plan.tasks.length).toBeGreaterThan(0);
    expect(checkPlan(instance, plan)).toEqual([]);
  });

  it('optimizes an instance without sequence within the given budget', () => {
    const instance = generateInstance({ seed: 4, operations: 30, machines: 6, days: 3 });
    const result = run(instance, '--budget', '300', '--seed', '2');
    expect(result.status).toBe(0);
    expect(checkPlan(instance, JSON.parse(result.stdout) as Plan)).toEqual([]);
  });

  it('refuses a bad instance with the place on stderr, exit code 2 and no plan', () => {
    const instance: Instance = generateInstance({ seed: 3, operations: 10, machines: 5, days: 1, sequence: true });
    instance.orders[1].quantity = -1;
    const result = run(instance);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('orders[1].quantity: 必须是正数');
  });

  it('refuses a file that is not JSON with exit code 2', () => {
    const result = run('{ "start": ');
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('不是有效的 JSON');
  });
});
