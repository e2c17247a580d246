// The BDD globals web-test-runner's mocha provides in the browser (no @types/mocha installed).
type MochaDone = (error?: unknown) => void;
type MochaFn = (this: { timeout(ms: number): void }, done: MochaDone) => void | Promise<unknown>;
declare function describe(title: string, fn: () => void): void;
declare function it(title: string, fn?: MochaFn): void;
declare function before(fn: MochaFn): void;
declare function after(fn: MochaFn): void;
declare function beforeEach(fn: MochaFn): void;
declare function afterEach(fn: MochaFn): void;
