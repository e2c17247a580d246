import type { ReactNode } from 'react';
import { CloseCircleFilled, ExclamationCircleFilled, InfoCircleFilled } from '@ant-design/icons';

const ICONS = {
  info: <InfoCircleFilled style={{ color: '#1677ff' }} />,
  warning: <ExclamationCircleFilled style={{ color: '#faad14' }} />,
  error: <CloseCircleFilled style={{ color: '#ff4d4f' }} />,
};

interface NoticeProps {
  status: keyof typeof ICONS;
  title: string;
  subTitle?: ReactNode;
  extra?: ReactNode;
  testId?: string;
}

/** A centred status notice (antd Result without its large illustrations, which the shell never shows). */
export function Notice({ status, title, subTitle, extra, testId }: NoticeProps) {
  return (
    <div className="mes-notice" data-testid={testId} role={status === 'info' ? 'status' : 'alert'}>
      <div className="mes-notice-icon">{ICONS[status]}</div>
      <div className="mes-notice-title">{title}</div>
      {subTitle && <div className="mes-notice-subtitle">{subTitle}</div>}
      {extra && <div className="mes-notice-extra">{extra}</div>}
    </div>
  );
}
