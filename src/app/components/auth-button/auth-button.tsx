import { Button, Tooltip, type ButtonProps } from 'antd';
import { useCan } from './use-authorities';

export interface AuthButtonProps extends ButtonProps {
  /** Authority code (e.g. ACTION_DEVICE_ADD); without it the button always shows. */
  authority?: string | number;
  /** When set the button is disabled and says why in a tooltip. */
  disabledReason?: string;
}

/** A button that is absent unless the user holds its authority, optionally disabled with a reason. */
export function AuthButton({ authority, disabledReason, disabled, ...props }: AuthButtonProps) {
  const can = useCan();
  if (!can(authority)) return null;
  const button = <Button {...props} disabled={disabled || !!disabledReason} data-authority={authority} />;
  return disabledReason ? <Tooltip title={disabledReason}>{button}</Tooltip> : button;
}
