// `npm run demo:gateway [-- URL]`: a pretend PLC gateway for the demo factory, so 设备总览 (/new-home)
// stays alive on `npm start`. Logs in as the seed admin (demo only) to issue a machine key for
// 一体机 YTJ-01 of 示例纸箱厂 on /oneMachine's API, then, as that machine, repeats every device's
// status every minute (a heartbeat, well within DEVICE_OFFLINE_MINUTES) and now and then changes
// one: a fault with a reason, standby, back to running. Ctrl-C stops it. URL default http://localhost:8080.
const base = (process.argv[2] ?? process.env.MES_URL ?? 'http://localhost:8080').replace(/\/$/, '');
const FAULTS = ['卡纸', '断纸', '电机过热', '胶辊磨损', '气压不足', '传感器故障'];
const STANDBY = ['换单调机', '待料', '交接班', '等待首检'];

async function call(path, headers, body) {
  const response = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = await response.json();
  const ok = envelope.success === true || envelope.resultCode === 1000;
  if (!ok) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
  return envelope.data ?? envelope.resultData;
}

const login = await call('/base/auth/login', {}, { username: 'admin', password: 'admin123' });
const user = { authorization: `bearer ${login.access_token}` };
const machines = await call('/dps-server/work_machine/list?machineCode=YTJ-01', user);
const { key, keyHint } = await call('/dps-server/work_machine/key/issue', user, { id: machines.list[0].id });
const devices = (await call('/dps-server/device_status/overview', user)).devices.map((device) => ({ deviceNo: device.deviceNo, status: device.status === 6 ? 3 : device.status, reason: device.reason }));
const machine = { X_MACHINE_KEY: key };
console.log(`演示网关已连接 ${base}（一体机 YTJ-01，密钥 ${keyHint}），${devices.length} 台设备，每分钟上报一次；按 Ctrl-C 停止。`);

const pick = (list) => list[Math.floor(Math.random() * list.length)];
async function tick() {
  const device = pick(devices);
  const roll = Math.random();
  if (device.status === 3) {
    if (roll < 0.15) Object.assign(device, { status: 5, reason: pick(FAULTS) });
    else if (roll < 0.35) Object.assign(device, { status: 4, reason: pick(STANDBY) });
  } else if (roll < 0.5) Object.assign(device, { status: 3, reason: null });
  const at = Date.now();
  const result = await call('/dps-server/device_status/events', machine, { events: devices.map((d) => ({ deviceNo: d.deviceNo, status: d.status, at, reason: d.reason })) });
  console.log(`${new Date(at).toLocaleTimeString('zh-CN')} 上报 ${result.accepted} 条；${device.deviceNo} → ${device.status}${device.reason ? `（${device.reason}）` : ''}`);
}
await tick();
const timer = setInterval(() => void tick().catch((error) => console.error(error.message)), 60_000);
process.on('SIGINT', () => {
  clearInterval(timer);
  process.exit(0);
});
