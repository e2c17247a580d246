import { useEffect, useState } from 'react';
import { App, Button } from 'antd';
import type { SmsResult } from '@core/contracts/account';
import { RESEND_COUNTDOWN_SECONDS } from '@core/constants';

export interface SmsCodeButtonProps {
  /** Sends the code; rejects when the server refuses (the http layer shows why). */
  send: () => Promise<SmsResult>;
  /** E.g. until a valid new mobile is entered. */
  disabled?: boolean;
}

/** 获取验证码, then a 60 s countdown (the server's resendAfterSeconds) before it can be sent again. */
export function SmsCodeButton({ send, disabled }: SmsCodeButtonProps) {
  const { message } = App.useApp();
  const [seconds, setSeconds] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);

  const click = () => {
    setSending(true);
    send()
      .then((result) => {
        void message.success(`验证码已发送至 ${result.mobile}`);
        setSeconds(result.resendAfterSeconds || RESEND_COUNTDOWN_SECONDS);
      })
      .catch(() => undefined)
      .finally(() => setSending(false));
  };

  return (
    <Button className="mes-sms-button" disabled={disabled || seconds > 0} loading={sending} onClick={click} style={{ width: 132 }}>
      {seconds > 0 ? `${seconds}秒后重新获取` : '获取验证码'}
    </Button>
  );
}
