import { ExclamationCircleFilled } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { logout } from '@core/session';

/** Spec §2/§8: the factory has no visible route; the only way out is logging in again. */
export function NoPermissionDialog() {
  return (
    <Modal
      open
      title={
        <span>
          <ExclamationCircleFilled style={{ color: '#faad14', marginRight: 8 }} />
          提示
        </span>
      }
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" onClick={() => logout('user')}>
          重新登录
        </Button>
      }
    >
      当前工厂暂无权限，请联系管理员分配权限后重新登录
    </Modal>
  );
}
