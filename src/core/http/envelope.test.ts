import { describe, expect, it } from 'vitest';
import { prepareParams } from './params';
import { serverMessage, unwrapEnvelope } from './envelope';

describe('unwrapEnvelope', () => {
  it('resultCode 1000 is success, resultData is the body', () => {
    expect(unwrapEnvelope({ resultCode: 1000, resultData: [1] })).toMatchObject({ kind: 'result', ok: true, data: [1] });
    expect(unwrapEnvelope({ resultCode: '1000', resultData: 1 })).toMatchObject({ ok: true });
    expect(unwrapEnvelope({ resultCode: 4000, resultMsg: '错误' })).toMatchObject({ ok: false, code: 4000, message: '错误' });
  });
  it('success/code/data and succeed/body', () => {
    expect(unwrapEnvelope({ success: true, code: 200, data: 'd' })).toMatchObject({ kind: 'base', ok: true, data: 'd' });
    expect(unwrapEnvelope({ success: false, code: 4000, message: 'm' })).toMatchObject({ ok: false, code: 4000, message: 'm' });
    expect(unwrapEnvelope({ succeed: true, body: { a: '1' } })).toMatchObject({ kind: 'succeed', ok: true, data: { a: '1' } });
    expect(unwrapEnvelope({ succeed: false, message: 'x' })).toMatchObject({ ok: false, message: 'x' });
  });
  it('anything else passes through', () => {
    expect(unwrapEnvelope('1.0.0,2026')).toEqual({ kind: 'none', ok: true, data: '1.0.0,2026' });
    expect(unwrapEnvelope([1, 2])).toMatchObject({ ok: true, data: [1, 2] });
    expect(unwrapEnvelope({ list: [] })).toMatchObject({ ok: true, data: { list: [] } });
  });
  it('serverMessage reads any family', () => {
    expect(serverMessage({ resultMsg: 'a' })).toBe('a');
    expect(serverMessage({ message: 'b' })).toBe('b');
    expect(serverMessage('plain')).toBeUndefined();
  });
});

describe('prepareParams', () => {
  it('drops empties only when asked (GET)', () => {
    expect(prepareParams({ a: ' ', b: null, c: [], d: ' x ' }, true)).toEqual({ d: 'x' });
    expect(prepareParams({ a: ' ', c: [] }, false)).toEqual({ a: '', c: '' });
    expect(prepareParams(undefined, true)).toBeUndefined();
  });
  it('joins arrays after trimming their items', () => {
    expect(prepareParams({ ids: [' a ', null, 'b', 3] }, true)).toEqual({ ids: 'a,b,3' });
  });
});
