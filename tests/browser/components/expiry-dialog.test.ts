import { expect } from 'chai';
import { createElement } from 'react';
import { EXPIRY_COUNTDOWN_SECONDS } from '@core/constants';
import { matchLevel } from '@core/session';
import { ExpiryDialog } from '@app/shell/expiry.dialog';
import { mountFixture, unmountFixtures, waitFor } from './support/fixture';

/** The dialog's one footer button and its label. */
function okButton(root: ShadowRoot): HTMLButtonElement | null {
  return root.querySelector<HTMLButtonElement>('.ant-modal-footer button');
}

describe('ExpiryDialog', () => {
  afterEach(unmountFixtures);

  it(`keeps 我知道了 disabled for ${EXPIRY_COUNTDOWN_SECONDS} s, counting down each second, then enables it`, async function () {
    this.timeout(EXPIRY_COUNTDOWN_SECONDS * 1000 + 5000);
    let closed = 0;
    const root = await mountFixture(() =>
      createElement(ExpiryDialog, { info: { level: matchLevel(5)!, days: 5, expireTime: '2026-12-03 00:00:00', onClose: () => (closed += 1) }, onClose: () => (closed += 1) }),
    );
    const first = await waitFor(() => okButton(root), 'the 我知道了 button');
    expect(first.textContent).to.equal(`我知道了（${EXPIRY_COUNTDOWN_SECONDS}s）`);
    expect(first.disabled).to.equal(true);
    expect(root.querySelector('.ant-modal-body')?.textContent).to.contain('剩余 5 天');
    const started = performance.now();
    for (let seconds = EXPIRY_COUNTDOWN_SECONDS - 1; seconds > 0; seconds--) {
      const button = await waitFor(() => (okButton(root)?.textContent === `我知道了（${seconds}s）` ? okButton(root) : null), `${seconds}s`, 3000);
      expect(button.disabled, `disabled at ${seconds}s`).to.equal(true);
    }
    const ok = await waitFor(() => (okButton(root)?.textContent === '我知道了' ? okButton(root) : null), 'the enabled 我知道了', 3000);
    expect(performance.now() - started).to.be.greaterThan((EXPIRY_COUNTDOWN_SECONDS - 1) * 1000 - 100);
    expect(ok.disabled).to.equal(false);
    ok.click();
    expect(closed).to.equal(1);
  });
});
