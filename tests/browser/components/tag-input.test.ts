import { expect } from 'chai';
import { createElement } from 'react';
import { sendKeys } from '@web/test-runner-commands';
import { TagInputDemo } from './support/demos';
import { messages, mountFixture, pasteText, unmountFixtures, waitFor, waitForMessage } from './support/fixture';

const tags = (root: ShadowRoot) => [...root.querySelectorAll('.mes-tag-input .ant-tag')].map((tag) => tag.textContent?.trim());
const box = (root: ShadowRoot) => root.querySelector<HTMLInputElement>('.mes-tag-input input')!;

describe('TagInput', () => {
  afterEach(unmountFixtures);

  it('adds typed values on Enter and refuses a duplicate with 已存在选项 {value}, 请勿重复输入', async () => {
    const root = await mountFixture(() => createElement(TagInputDemo));
    box(root).focus();
    await sendKeys({ type: 'A001' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => tags(root).length === 1, 'one tag');
    await sendKeys({ type: 'A001' });
    await sendKeys({ press: 'Enter' });
    await waitForMessage(root, '已存在选项 A001, 请勿重复输入');
    expect(tags(root)).to.deep.equal(['A001']);
    await sendKeys({ press: 'Backspace' });
    await waitFor(() => tags(root).length === 0, 'Backspace on an empty box removes the last tag');
  });

  it('splits pasted text on spaces and slashes and says 粘贴成功', async () => {
    const root = await mountFixture(() => createElement(TagInputDemo, { initial: ['A'] }));
    pasteText(box(root), 'B C/D／E\nA');
    await waitForMessage(root, '粘贴成功');
    expect(tags(root)).to.deep.equal(['A', 'B', 'C', 'D', 'E']);
  });

  it('keeps at most 50 items and warns 最多同时搜索50项，超出的选项已移除', async () => {
    const root = await mountFixture(() => createElement(TagInputDemo, { initial: ['X'] }));
    const sixty = Array.from({ length: 60 }, (_, index) => `N${index}`).join(' ');
    pasteText(box(root), sixty);
    await waitForMessage(root, '最多同时搜索50项，超出的选项已移除');
    expect(tags(root)).to.have.length(50);
    expect(tags(root)[0]).to.equal('X');
    expect(tags(root)[49]).to.equal('N48');
    expect(messages(root)).to.include('粘贴成功');
  });
});
