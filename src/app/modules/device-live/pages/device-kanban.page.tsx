import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined, LeftOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useLoaded } from '@app/components/use-loaded';
import { deviceLiveApi } from '../device-live.api';
import { BarChart } from '../components/bar-chart';
import { liveCounts, nextPage } from '../components/board-figures';
import { STATUS_COLORS, durationLabel, statusLabel } from '../components/status-style';
import { useLiveDevices, useTicker } from '../components/use-live-devices';

/** Seconds each board page stays (?interval= overrides, 10–600). */
const DEFAULT_INTERVAL_S = 30;
/** Today's figures are read again this often (the live status comes by the stream). */
const FIGURES_REFRESH_MS = 60_000;
const PAGES = ['实时状态', '停机分析'] as const;
const TOP_REASONS = 8;

const percent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)}%`);

const BOARD_CSS = `
.mes-bare-page:has(> .mes-kanban) { padding: 0; }
.mes-kanban { position: relative; width: 100%; min-height: 100vh; box-sizing: border-box; padding: 24px 32px; background: #0b1426; color: #e6edf7; font-size: 22px; display: flex; flex-direction: column; gap: 20px; }
.mes-kanban-head { display: flex; align-items: center; gap: 24px; }
.mes-kanban-head h1 { margin: 0; font-size: 44px; font-weight: 600; letter-spacing: 4px; color: #fff; flex: 1; text-align: center; }
.mes-kanban-clock { font-size: 28px; color: #9fb3d1; min-width: 300px; text-align: right; font-variant-numeric: tabular-nums; }
.mes-kanban-live { font-size: 20px; min-width: 160px; }
.mes-kanban-live[data-online="true"] { color: #52c41a; }
.mes-kanban-live[data-online="false"] { color: #faad14; }
.mes-kanban-panel { background: #111e36; border: 1px solid #22365a; border-radius: 8px; padding: 16px 20px; min-width: 0; }
.mes-kanban-panel h2 { margin: 0 0 12px; font-size: 26px; color: #9fc3ff; font-weight: 500; }
.mes-kanban-counts { display: grid; grid-template-columns: repeat(7, 1fr); gap: 16px; }
.mes-kanban-count { text-align: center; padding: 12px 8px; border-radius: 8px; background: #111e36; border: 1px solid #22365a; border-top-width: 6px; }
.mes-kanban-count .value { font-size: 72px; font-weight: 700; line-height: 1.1; font-variant-numeric: tabular-nums; }
.mes-kanban-count .label { font-size: 26px; color: #c9d6ea; }
.mes-kanban-body { display: grid; grid-template-columns: 1.1fr 1fr; gap: 20px; flex: 1; min-height: 0; }
.mes-kanban-faults { width: 100%; border-collapse: collapse; font-size: 26px; }
.mes-kanban-faults th { text-align: left; color: #9fb3d1; font-weight: 400; padding: 8px 10px; border-bottom: 1px solid #22365a; font-size: 22px; }
.mes-kanban-faults td { padding: 12px 10px; border-bottom: 1px solid #1a2946; }
.mes-kanban-faults .since { color: #ff7875; font-variant-numeric: tabular-nums; }
.mes-kanban-empty { color: #6f86a8; font-size: 28px; text-align: center; padding: 48px 0; }
.mes-kanban-dots { display: flex; gap: 12px; justify-content: center; }
.mes-kanban-dots button { font-size: 20px; padding: 4px 16px; border-radius: 16px; border: 1px solid #3a4a66; background: transparent; color: #9fb3d1; cursor: pointer; }
.mes-kanban-dots button[aria-current="true"] { background: #1f4fa0; color: #fff; border-color: #3b8cff; }
.mes-kanban-tiles { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 10px; }
.mes-kanban-tile { border-radius: 6px; padding: 8px 10px; color: #0b1426; font-size: 20px; font-weight: 600; }
.mes-kanban-tile small { display: block; font-size: 16px; font-weight: 400; }
.mes-kanban-rate { display: flex; align-items: baseline; gap: 24px; }
.mes-kanban-rate .big { font-size: 84px; font-weight: 700; color: #52c41a; font-variant-numeric: tabular-nums; }
`;

/** Follows the browser's full-screen state of `target` (a shadow-root element counts too). */
function useFullScreen(target: RefObject<HTMLElement | null>) {
  const [full, setFull] = useState(false);
  useEffect(() => {
    const update = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void target.current?.requestFullscreen();
  };
  return { full, toggle };
}

/** Start of today and now, read again with the figures. */
const today = () => ({ from: dayjs().startOf('day').valueOf(), to: Date.now() });

/**
 * /device-kanban-detail 设备看板: the factory's big screen (1920×1080, dark, read from afar) —
 * status counts and faults live by the stream, today's availability per workshop and the top
 * downtime reasons from the server's figures; its pages rotate on a timer.
 */
export default function DeviceKanbanPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const interval = Math.min(600, Math.max(10, Number(params.get('interval')) || DEFAULT_INTERVAL_S)) * 1000;
  const board = useRef<HTMLDivElement>(null);
  const { full, toggle } = useFullScreen(board);
  const { devices, online, serverNow } = useLiveDevices('board');
  useTicker(1000);
  const now = serverNow();

  const [period, setPeriod] = useState(today);
  useEffect(() => {
    const timer = setInterval(() => setPeriod(today()), FIGURES_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const figures = useLoaded(() => deviceLiveApi.board(period), `board:${period.to}`, null).data;

  // The next page every interval; picking a page by hand starts the interval again.
  const [page, setPage] = useState(0);
  const [picked, setPicked] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setPage((current) => nextPage(current, PAGES.length)), interval);
    return () => clearInterval(timer);
  }, [interval, picked]);
  const show = (index: number) => {
    setPage(index);
    setPicked((count) => count + 1);
  };

  const counts = useMemo(() => liveCounts(devices), [devices]);
  const workshopBars = useMemo(
    () => (figures?.workshops ?? []).map((workshop) => ({ label: workshop.workshopName, value: (workshop.availability ?? 0) * 100, color: '#3b8cff' })),
    [figures],
  );
  const reasonBars = useMemo(
    () => (figures?.downtimeByReason ?? []).slice(0, TOP_REASONS).map((row) => ({ label: row.reason, value: row.hours, color: '#f5222d' })),
    [figures],
  );

  return (
    <div ref={board} className="mes-kanban" data-page={page}>
      <style>{BOARD_CSS}</style>
      <div className="mes-kanban-head">
        <Button ghost icon={<LeftOutlined />} onClick={() => navigate(-1)} style={{ visibility: full ? 'hidden' : 'visible' }}>
          返回
        </Button>
        <span className="mes-kanban-live" data-online={online}>
          {online ? '● 实时' : '○ 重新连接中'}
        </span>
        <h1>设备看板 · {PAGES[page]}</h1>
        <span className="mes-kanban-clock">{dayjs(now).format('YYYY-MM-DD HH:mm:ss')}</span>
        <Button ghost size="large" className="mes-kanban-fullscreen" icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={toggle}>
          {full ? '退出全屏' : '全屏'}
        </Button>
      </div>

      <div className="mes-kanban-counts">
        {counts.byStatus.map(({ status, count }) => (
          <div key={status} className="mes-kanban-count" data-status={status} style={{ borderTopColor: STATUS_COLORS[status] }}>
            <div className="value" style={{ color: STATUS_COLORS[status] }}>
              {count}
            </div>
            <div className="label">{statusLabel(status)}</div>
          </div>
        ))}
        <div className="mes-kanban-count mes-kanban-running-rate" style={{ borderTopColor: '#52c41a' }}>
          <div className="value" style={{ color: '#52c41a' }}>
            {percent(counts.runningRate)}
          </div>
          <div className="label">运行率（共 {counts.total} 台）</div>
        </div>
      </div>

      {page === 0 ? (
        <div className="mes-kanban-body">
          <section className="mes-kanban-panel">
            <h2>今日各车间可用率（运行 ÷ 计划工时）</h2>
            <div className="mes-kanban-rate">
              <span className="big">{percent(figures?.factory.availability ?? null)}</span>
              <span>全厂 · 运行 {(figures?.factory.runHours ?? 0).toFixed(1)} h / 计划 {(figures?.factory.plannedHours ?? 0).toFixed(1)} h</span>
            </div>
            {workshopBars.length ? <BarChart items={workshopBars} unit="%" max={100} height={520} fontSize={24} /> : <div className="mes-kanban-empty">今日暂无计划工时</div>}
          </section>
          <section className="mes-kanban-panel">
            <h2>故障设备（{counts.faults.length} 台）</h2>
            {counts.faults.length ? (
              <table className="mes-kanban-faults">
                <thead>
                  <tr>
                    <th>设备</th>
                    <th>车间</th>
                    <th>故障开始</th>
                    <th>已持续</th>
                    <th>原因</th>
                  </tr>
                </thead>
                <tbody>
                  {counts.faults.map((device) => (
                    <tr key={device.id} className="mes-kanban-fault" data-device-no={device.deviceNo}>
                      <td>{device.name}</td>
                      <td>{device.workshopName || '—'}</td>
                      <td>{device.since === null ? '—' : dayjs(device.since).format('MM-DD HH:mm')}</td>
                      <td className="since">{device.since === null ? '—' : durationLabel(now - device.since)}</td>
                      <td className="reason">{device.reason || '未填写原因'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <div className="mes-kanban-empty">当前没有故障设备</div>
            )}
          </section>
        </div>
      ) : (
        <div className="mes-kanban-body">
          <section className="mes-kanban-panel">
            <h2>今日停机原因 TOP {TOP_REASONS}（小时）</h2>
            <div style={{ fontSize: 24, color: '#c9d6ea', marginBottom: 8 }}>
              故障 {figures?.factory.failures ?? 0} 次 · 停机 {(figures?.factory.downtimeHours ?? 0).toFixed(1)} 小时
            </div>
            {reasonBars.length ? <BarChart items={reasonBars} unit=" h" horizontal height={560} fontSize={24} /> : <div className="mes-kanban-empty">今日暂无停机</div>}
          </section>
          <section className="mes-kanban-panel">
            <h2>设备状态</h2>
            <div className="mes-kanban-tiles">
              {devices.map((device) => (
                <div key={device.id} className="mes-kanban-tile" data-status={device.status} style={{ background: STATUS_COLORS[device.status] }}>
                  {device.name}
                  <small>
                    {statusLabel(device.status)}
                    {device.since === null ? '' : ` · ${durationLabel(now - device.since)}`}
                  </small>
                </div>
              ))}
            </div>
          </section>
        </div>
      )}

      <div className="mes-kanban-dots">
        {PAGES.map((title, index) => (
          <button key={title} type="button" aria-current={index === page} onClick={() => show(index)}>
            {title}
          </button>
        ))}
      </div>
    </div>
  );
}
