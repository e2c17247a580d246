import { useEffect, useState } from 'react';
import { Button, Modal } from 'antd';
import { EXPIRY_COUNTDOWN_SECONDS } from '@core/constants';
import { startExpiryWatch, type ExpiryPopupInfo } from '@core/session';
import { sessionStore } from '@core/session';

function expiryText(info: ExpiryPopupInfo): string {
  if (info.days < 0) return `您的账号已于 ${info.expireTime} 到期（已过期 ${-info.days} 天），请尽快联系管理员续期。`;
  if (info.days === 0) return `您的账号将于 ${info.expireTime} 到期（今天到期），请尽快联系管理员续期。`;
  return `您的账号将于 ${info.expireTime} 到期，剩余 ${info.days} 天，请及时联系管理员续期。`;
}

/** The reminder itself: its OK button stays disabled for EXPIRY_COUNTDOWN_SECONDS, counting down each second. */
export function ExpiryDialog({ info, onClose }: { info: ExpiryPopupInfo; onClose: () => void }) {
  const [seconds, setSeconds] = useState(EXPIRY_COUNTDOWN_SECONDS);
  useEffect(() => {
    if (seconds <= 0) return undefined;
    const timer = setTimeout(() => setSeconds((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  return (
    <Modal
      open
      title="账号到期提醒"
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" disabled={seconds > 0} onClick={onClose}>
          {seconds > 0 ? `我知道了（${seconds}s）` : '我知道了'}
        </Button>
      }
    >
      {expiryText(info)}
    </Modal>
  );
}

/** Runs the expiry reminder (spec §4) while a user is logged in: checks now and every 10 s. */
export function ExpiryWatch() {
  const [info, setInfo] = useState<ExpiryPopupInfo | null>(null);
  useEffect(() => startExpiryWatch({ getUser: () => sessionStore.getState().user, open: setInfo }), []);
  if (!info) return null;
  return (
    <ExpiryDialog
      info={info}
      onClose={() => {
        info.onClose();
        setInfo(null);
      }}
    />
  );
}
