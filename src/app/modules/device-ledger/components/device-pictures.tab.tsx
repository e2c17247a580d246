import { useCallback, useEffect, useState } from 'react';
import { App, Button, Card, Empty, Flex, Popconfirm, QRCode, Space, Spin, Tag, Typography, Upload } from 'antd';
import { MobileOutlined, UploadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { DeviceLedgerAuthorities as A } from '@core/access/authorities/device-ledger';
import { LEDGER_LIMITS, PICTURE_SOURCE, type DevicePicture, type UploadTicket } from '@core/contracts/device-ledger';
import { APPLICATION_ID } from '@core/constants';
import { checkImage } from '@core/rules';
import { getUser } from '@core/session';
import { FilePreview, uploadFailureMessage, uploadFile, useCan, useLoaded } from '@app/components';
import { picturesApi } from '../device-ledger.api';

const NO_PICTURES: DevicePicture[] = [];

/** The phone page's address for a link: spec §2 query uuId, token, appId, orgId, userId. */
export function phoneUploadUrl(ticket: UploadTicket, origin = window.location.origin): string {
  const user = getUser();
  const query = new URLSearchParams({
    uuId: ticket.uuId,
    token: ticket.token,
    appId: user?.attrs?.applicationId || APPLICATION_ID,
    orgId: String(user?.orgId ?? ''),
    userId: String(user?.userId ?? ''),
  });
  return `${origin}/upload-device-img?${query.toString()}`;
}

/**
 * The QR code a phone scans: a short-lived upload link for this device. While shown, the pictures are
 * polled by its uuId every 2 s (spec §7), so a phone's photos appear here without a reload.
 */
function PhoneUploadPanel({ deviceId, onPictures }: { deviceId: number; onPictures: (pictures: DevicePicture[]) => void }) {
  const [version, setVersion] = useState(0);
  const ticket = useLoaded((): Promise<UploadTicket | null> => picturesApi.ticket(deviceId), `${deviceId}:${version}`, null).data;
  const [expiredUuId, setExpiredUuId] = useState<string | null>(null);
  const expired = ticket !== null && expiredUuId === ticket.uuId;

  useEffect(() => {
    if (!ticket || expired) return undefined;
    const timer = window.setInterval(() => {
      picturesApi.byTicket(ticket.uuId).then(
        (polled) => {
          onPictures(polled.pictures);
          if (polled.expired) setExpiredUuId(ticket.uuId);
        },
        () => undefined,
      );
    }, LEDGER_LIMITS.pollMillis);
    return () => window.clearInterval(timer);
  }, [ticket, expired, onPictures]);

  const url = ticket ? phoneUploadUrl(ticket) : '';
  return (
    <Card size="small" className="mes-phone-upload" data-uuid={ticket?.uuId ?? ''} style={{ width: 260 }}>
      <Flex vertical align="center" gap={8}>
        <Typography.Text strong>手机扫码上传</Typography.Text>
        {ticket ? (
          <QRCode value={url} size={180} status={expired ? 'expired' : 'active'} onRefresh={() => setVersion((value) => value + 1)} />
        ) : (
          <Spin />
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
          {expired ? '二维码已过期，点击刷新' : ticket ? `用手机扫码拍照上传，${dayjs(ticket.expiresAt).format('HH:mm')} 前有效` : '正在生成二维码…'}
        </Typography.Text>
        {ticket && !expired && (
          <Typography.Link className="mes-phone-upload-link" href={url} target="_blank" copyable={{ text: url, tooltips: ['复制链接', '已复制'] }} style={{ fontSize: 12 }}>
            在新窗口打开
          </Typography.Link>
        )}
      </Flex>
    </Card>
  );
}

/** One picture: the image, its name, how it came, who and when; 删除 for those who may. */
function PictureCard({ picture, onDelete }: { picture: DevicePicture; onDelete?: () => Promise<void> }) {
  return (
    <Card size="small" className="mes-device-picture" data-picture-id={picture.id} style={{ width: 200 }} styles={{ body: { padding: 8 } }}>
      <Flex vertical gap={4}>
        <Flex justify="center" style={{ height: 130, overflow: 'hidden', background: '#fafafa' }}>
          <FilePreview url={picture.url} fileName={picture.originalName || 'picture.png'} height={130} />
        </Flex>
        <Typography.Text ellipsis={{ tooltip: picture.originalName }}>{picture.originalName || '未命名图片'}</Typography.Text>
        <Flex justify="space-between" align="center">
          <Space size={4}>
            <Tag color={picture.source === 2 ? 'purple' : 'blue'}>{PICTURE_SOURCE.label(picture.source)}</Tag>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {picture.createTime.slice(5, 16)}
            </Typography.Text>
          </Space>
          {onDelete && (
            <Popconfirm title="确定删除这张图片吗？" onConfirm={onDelete} okText="删除" cancelText="取消">
              <Button type="link" danger size="small">
                删除
              </Button>
            </Popconfirm>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}

/**
 * 图片 of a device (the ledger's detail; the device-detail page mounts it as a tab): its pictures,
 * 电脑上传, and 手机扫码上传 with a QR code whose uploads appear here while it is shown.
 */
export function DevicePicturesTab({ deviceId }: { deviceId: number }) {
  const { message } = App.useApp();
  const can = useCan();
  const mayUpload = can(A.picture);
  const loaded = useLoaded(() => picturesApi.list(deviceId), String(deviceId), NO_PICTURES);
  const [polled, setPolled] = useState<{ deviceId: number; pictures: DevicePicture[] } | null>(null);
  const [showQr, setShowQr] = useState(false);
  const [uploading, setUploading] = useState(false);
  const pictures = polled?.deviceId === deviceId ? polled.pictures : loaded.data;
  const { reload } = loaded;
  const onPictures = useCallback((next: DevicePicture[]) => setPolled({ deviceId, pictures: next }), [deviceId]);

  const refresh = () => {
    setPolled(null);
    reload();
  };
  const upload = async (file: File) => {
    const problem = checkImage(file, 0, { multiple: false });
    if (problem) {
      void message.warning(problem);
      return;
    }
    setUploading(true);
    try {
      const stored = await uploadFile(file, 0);
      await picturesApi.add(deviceId, [stored.url]);
      void message.success('上传成功');
      refresh();
    } catch (error) {
      void message.error(uploadFailureMessage(error));
    } finally {
      setUploading(false);
    }
  };
  const remove = (picture: DevicePicture) => async () => {
    await picturesApi.remove(deviceId, [picture.id]);
    void message.success('删除成功');
    refresh();
  };

  return (
    <div className="mes-device-pictures-tab" data-count={pictures.length} data-loading={loaded.loading ? 'true' : 'false'}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">共 {pictures.length} 张图片，最多 {LEDGER_LIMITS.pictures} 张</Typography.Text>
        {mayUpload && (
          <Space>
            <Upload accept=".jpg,.jpeg,.png" showUploadList={false} customRequest={({ file }) => void upload(file as File)}>
              <Button icon={<UploadOutlined />} loading={uploading}>
                电脑上传
              </Button>
            </Upload>
            <Button type={showQr ? 'default' : 'primary'} icon={<MobileOutlined />} onClick={() => setShowQr((value) => !value)}>
              {showQr ? '收起二维码' : '手机扫码上传'}
            </Button>
          </Space>
        )}
      </Flex>
      <Flex gap={16} align="flex-start">
        <Spin spinning={loaded.loading} wrapperClassName="mes-device-picture-grid" style={{ flex: 1 }}>
          {pictures.length === 0 ? (
            <Empty description="暂无图片" />
          ) : (
            <Flex wrap gap={12}>
              {pictures.map((picture) => (
                <PictureCard key={picture.id} picture={picture} onDelete={mayUpload ? remove(picture) : undefined} />
              ))}
            </Flex>
          )}
        </Spin>
        {showQr && mayUpload && <PhoneUploadPanel deviceId={deviceId} onPictures={onPictures} />}
      </Flex>
    </div>
  );
}

export default DevicePicturesTab;
