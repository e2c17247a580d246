import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Card, Flex, List, Result, Spin, Tag, Typography, Upload } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { PhoneTicket, PhoneUploadQuery } from '@core/contracts/device-ledger';
import { checkImage } from '@core/rules';
import { phoneApi } from '../device-ledger.api';

interface Sent {
  key: string;
  name: string;
  preview: string;
  state: 'uploading' | 'done' | 'failed';
  message?: string;
}

const PAGE_CSS = `
.mes-upload-device-img { max-width: 480px; margin: 0 auto; padding: 16px 12px 32px; min-height: 100vh; box-sizing: border-box; background: #f5f7fa; }
.mes-upload-device-img .ant-upload-wrapper, .mes-upload-device-img .ant-upload { display: block; width: 100%; }
.mes-upload-device-img .mes-upload-thumb { width: 56px; height: 56px; object-fit: cover; border-radius: 6px; background: #eee; }
`;

const queryOf = (params: URLSearchParams): PhoneUploadQuery => ({
  uuId: params.get('uuId') ?? '',
  token: params.get('token') ?? '',
  appId: params.get('appId') ?? '',
  orgId: params.get('orgId') ?? '',
  userId: params.get('userId') ?? '',
});

const refusal = (error: unknown) => (error instanceof Error && error.message ? error.message : '网络异常，请稍后重试');

/**
 * /upload-device-img (public, opened by scanning a device's QR code on a phone): takes or picks
 * photos and uploads them to that device with the link's own short-lived token; the desktop that
 * shows the QR code sees them within 2 s.
 */
export default function UploadDeviceImgPage() {
  const [params] = useSearchParams();
  const [query] = useState(() => queryOf(params));
  const [ticket, setTicket] = useState<PhoneTicket | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<Sent[]>([]);
  // Thumbnails of the photos sent from this page, released when it closes.
  const previews = useRef<string[]>([]);
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);

  useEffect(() => {
    phoneApi.ticket(query).then(setTicket, (error: unknown) => setProblem(refusal(error)));
  }, [query]);

  const update = (key: string, change: Partial<Sent>) => setSent((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  const send = async (file: File) => {
    const key = `${Date.now()}-${Math.random()}`;
    const preview = URL.createObjectURL(file);
    previews.current.push(preview);
    const local = checkImage(file, 0, { multiple: false });
    setSent((list) => [{ key, name: file.name, preview, state: local ? 'failed' : 'uploading', message: local ?? undefined }, ...list]);
    if (local) return;
    try {
      await phoneApi.upload(query, file);
      update(key, { state: 'done' });
    } catch (error) {
      update(key, { state: 'failed', message: refusal(error) });
    }
  };

  const done = sent.filter((item) => item.state === 'done').length;
  let body;
  if (problem) {
    body = <Result status="warning" title="无法上传" subTitle={problem} className="mes-upload-refused" />;
  } else if (!ticket) {
    body = (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin tip="正在打开上传链接…" />
      </Flex>
    );
  } else {
    body = (
      <Flex vertical gap={12}>
        <Card size="small" className="mes-upload-device">
          <Typography.Title level={5} style={{ margin: 0 }}>
            {ticket.deviceName}
          </Typography.Title>
          <Typography.Text type="secondary">
            设备编号 {ticket.deviceNo} · 已有图片 {ticket.pictureCount + done} 张
          </Typography.Text>
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            链接 {dayjs(ticket.expiresAt).format('HH:mm')} 前有效，上传后电脑端会自动显示
          </Typography.Text>
        </Card>
        <Upload accept="image/jpeg,image/png" multiple showUploadList={false} customRequest={({ file }) => void send(file as File)}>
          <Button type="primary" size="large" block icon={<CameraOutlined />} style={{ height: 56, fontSize: 18 }}>
            拍照或选择图片
          </Button>
        </Upload>
        <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
          支持 jpg、png，单张不超过10M
        </Typography.Text>
        {sent.length > 0 && (
          <Card size="small" title={`本次上传（成功 ${done} 张）`}>
            <List
              className="mes-upload-sent"
              dataSource={sent}
              renderItem={(item) => (
                <List.Item key={item.key} data-state={item.state}>
                  <Flex gap={12} align="center" style={{ width: '100%' }}>
                    <img className="mes-upload-thumb" src={item.preview} alt={item.name} />
                    <Flex vertical style={{ minWidth: 0, flex: 1 }}>
                      <Typography.Text ellipsis>{item.name}</Typography.Text>
                      {item.message && (
                        <Typography.Text type="danger" style={{ fontSize: 12 }}>
                          {item.message}
                        </Typography.Text>
                      )}
                    </Flex>
                    {item.state === 'uploading' ? <Spin size="small" /> : item.state === 'done' ? <Tag color="green">已上传</Tag> : <Tag color="red">失败</Tag>}
                  </Flex>
                </List.Item>
              )}
            />
          </Card>
        )}
      </Flex>
    );
  }
  return (
    <div className="mes-upload-device-img">
      <style>{PAGE_CSS}</style>
      <Typography.Title level={4} style={{ textAlign: 'center', marginTop: 0 }}>
        上传设备图片
      </Typography.Title>
      {body}
    </div>
  );
}
