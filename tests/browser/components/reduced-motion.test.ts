import { expect } from 'chai';
import { createElement } from 'react';
import { Button, theme } from 'antd';
import { emulateMedia } from '@web/test-runner-commands';
import { mountFixture, unmountFixtures, waitFor } from './support/fixture';

/** Shows antd's motion token as the element's providers set it. */
function MotionProbe() {
  const { token } = theme.useToken();
  return createElement('span', { 'data-testid': 'motion' }, String(token.motion));
}

async function motionShown(): Promise<string> {
  const root = await mountFixture(() => createElement(MotionProbe));
  return (await waitFor(() => root.querySelector('[data-testid="motion"]'), 'the motion probe')).textContent ?? '';
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** Animation frames until `found()` holds (at most 120). */
async function framesUntil(found: () => unknown): Promise<number> {
  for (let frames = 0; frames < 120; frames++) {
    if (found()) return frames;
    await nextFrame();
  }
  throw new Error('not found within 120 frames');
}

/** Clicks a button of ours; resolves with its shadow root once the click was handled. */
async function clickButton(): Promise<ShadowRoot> {
  let clicked = false;
  const root = await mountFixture(() => createElement(Button, { type: 'primary', onClick: () => (clicked = true) }, '保存'));
  const button = await waitFor(() => root.querySelector<HTMLButtonElement>('button.ant-btn'), 'the button');
  button.click();
  await waitFor(() => clicked, 'the click handled');
  return root;
}

describe('reduced motion', () => {
  afterEach(async () => {
    await unmountFixtures();
    await emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('keeps antd motion by default', async () => {
    await emulateMedia({ reducedMotion: 'no-preference' });
    expect(await motionShown()).to.equal('true');
  });

  it('turns antd motion off when the system asks for less motion, and back on when it stops asking', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    expect(await motionShown()).to.equal('false');
    const root = document.querySelector('mes-component-fixture')!.shadowRoot!;
    await emulateMedia({ reducedMotion: 'no-preference' });
    await waitFor(() => root.querySelector('[data-testid="motion"]')?.textContent === 'true', 'motion back on');
  });

  it('sends the click ripple of antd across a button only when the system does not ask for less motion', async () => {
    await emulateMedia({ reducedMotion: 'no-preference' });
    const moving = await clickButton();
    const framesToRipple = await framesUntil(() => moving.querySelector('.ant-wave'));
    await unmountFixtures();

    await emulateMedia({ reducedMotion: 'reduce' });
    const still = await clickButton();
    // Frames, not milliseconds: on a busy machine they slow down with the ripple they would show.
    for (let frame = 0; frame < Math.max(4, 4 * framesToRipple); frame++) await nextFrame();
    expect(still.querySelectorAll('.ant-wave').length).to.equal(0);
  });
});
