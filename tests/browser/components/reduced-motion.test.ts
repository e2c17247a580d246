import { expect } from 'chai';
import { createElement } from 'react';
import { theme } from 'antd';
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
});
