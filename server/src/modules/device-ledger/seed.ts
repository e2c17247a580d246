import { crc32, deflateSync } from 'node:zlib';
import type { Db } from '../../db';

const DAY = 86_400_000;

const SUPPLIERS = ['东方机械股份有限公司', '京山轻机机械股份有限公司', '沧州鹏程包装机械有限公司', '温州正博机械有限公司', '博斯特（上海）有限公司', '信诚包装设备有限公司'];

/** Fault symptom → cause → remedy, by the type code of the devices they happen on ('' for any). */
const KNOWLEDGE: ReadonlyArray<{ type: string; symptom: string; cause: string; remedy: string; keywords: string }> = [
  { type: 'PRINT', symptom: '印刷套印不准', cause: '印版辊相位偏移或传动齿轮间隙过大', remedy: '重新校正相位，检查并紧固传动齿轮；仍有偏差时更换磨损齿轮。', keywords: '套印 偏差 相位' },
  { type: 'PRINT', symptom: '印刷发花、墨色不均', cause: '网纹辊网孔堵塞或油墨粘度过高', remedy: '用专用清洗剂清洗网纹辊，按工艺调整油墨粘度至25–30秒（4号杯）。', keywords: '网纹辊 堵墨 粘度' },
  { type: 'PRINT', symptom: '开槽槽口毛边', cause: '开槽刀磨损或刀座间隙不当', remedy: '更换开槽刀，调整上下刀间隙至0.1–0.2mm。', keywords: '开槽刀 毛边' },
  { type: 'DIE_ROT', symptom: '部分刀线切不透', cause: '模切胶垫磨损、压力不均', remedy: '更换胶垫并重新垫版，逐段调整压力。', keywords: '模切 胶垫 压力' },
  { type: 'DIE_FLAT', symptom: '模切后纸板爆线', cause: '压线过深或纸板含水率过低', remedy: '减小压线深度，检查纸板含水率（宜8%–12%）。', keywords: '爆线 压线 含水率' },
  { type: 'GLUE', symptom: '糊口开胶', cause: '胶水量不足或压合时间不够', remedy: '检查胶轮供胶，调整压合皮带压力并降低车速。', keywords: '糊箱 开胶 胶水' },
  { type: 'GLUE', symptom: '输送皮带跑偏', cause: '皮带张紧不均或滚筒粘有异物', remedy: '清理滚筒表面，调整两侧张紧螺栓使皮带居中。', keywords: '皮带 跑偏 张紧' },
  { type: 'CORR', symptom: '纸板粘合不良、脱层', cause: '瓦楞辊温度不足或浆糊固含量偏低', remedy: '检修蒸汽疏水阀，确认辊面温度≥170℃；按配方调整浆糊。', keywords: '瓦楞 脱层 温度 浆糊' },
  { type: 'STRAP', symptom: '送带卡带', cause: '导轨积尘或打包带卷变形', remedy: '清理导轨，更换打包带卷并检查送带轮磨损。', keywords: '打包 卡带' },
  { type: '', symptom: 'PLC报警：急停回路断开', cause: '急停按钮触点氧化或线路松动', remedy: '逐个检查急停按钮与安全门开关，清理触点并紧固接线。', keywords: 'PLC 急停 报警 电气' },
  { type: '', symptom: '主电机异响、振动大', cause: '电机轴承磨损或地脚螺栓松动', remedy: '停机检查轴承游隙，必要时更换轴承；紧固地脚螺栓并做振动测试。', keywords: '电机 轴承 振动' },
];

/** Exceptions an 一体机 reports in a normal month. */
const MACHINE_EXCEPTIONS: ReadonlyArray<{ level: number; code: string; message: string; detail: string }> = [
  { level: 2, code: 'NET-001', message: '网络中断，报工数据已缓存', detail: '与服务器连接超时（15秒），已缓存3条报工记录，恢复后自动补传。' },
  { level: 1, code: 'NET-002', message: '网络恢复，缓存数据已补传', detail: '补传报工记录3条，全部成功。' },
  { level: 3, code: 'RFID-010', message: 'IC卡读卡器无响应', detail: '串口 COM3 打开失败：设备未连接。' },
  { level: 2, code: 'PLC-021', message: '计数器读数回退', detail: 'PLC 计数由 15230 变为 120，疑似设备重启，已按新计数继续。' },
  { level: 1, code: 'APP-100', message: '一体机程序已更新到 2.8.3', detail: '自动更新完成，重启耗时 42 秒。' },
  { level: 3, code: 'PRN-003', message: '标签打印机缺纸', detail: '打印流转卡失败：打印机报告缺纸。' },
];

// ---- demo pictures and documents (inline: the seed has no file storage) ---------------------------

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small picture of a machine (a body, rollers, a control box) in the given colour. */
function machinePicture(hue: [number, number, number], variant: number): Buffer {
  const width = 240;
  const height = 160;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x += 1) {
      let color: [number, number, number] = [236 - Math.floor(y / 8), 240 - Math.floor(y / 8), 245 - Math.floor(y / 10)];
      const body = x >= 30 && x < 200 && y >= 50 + variant * 6 && y < 125;
      const box = x >= 200 && x < 225 && y >= 40 && y < 125;
      const roller = [60, 110, 160].some((cx) => (x - cx) ** 2 + (y - 125) ** 2 < 15 ** 2);
      const floor = y >= 138;
      if (floor) color = [160, 160, 160];
      if (body) color = hue;
      if (box) color = [70, 80, 95];
      if (box && y >= 55 && y < 63 && x >= 206 && x < 219) color = variant % 2 ? [82, 196, 26] : [250, 173, 20];
      if (roller) color = [45, 45, 50];
      const offset = row + 1 + x * 3;
      raw[offset] = color[0];
      raw[offset + 1] = color[1];
      raw[offset + 2] = color[2];
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return png;
}

/** A one-page PDF with an ASCII title (no font embedding needed). */
function manualPdf(title: string): Buffer {
  const stream = `BT /F1 18 Tf 60 760 Td (${title}) Tj 0 -30 Td /F1 12 Tf (Operation and maintenance manual - demo copy) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF`;
  return Buffer.from(body, 'latin1');
}

const HUES: Array<[number, number, number]> = [
  [22, 119, 255],
  [19, 194, 194],
  [114, 46, 209],
  [250, 140, 22],
];

/** Seeded files are stored as `<enterprise>/seed/<name>`; the name says how to make the content again. */
const SEED_FOLDER = 'seed';
const PICTURE_NAME = /^ledger-\d+-pic-(\d+)-(\d+)-[A-Za-z0-9-]+\.png$/;
const MANUAL_NAME = /^ledger-\d+-doc-([A-Za-z0-9-]+)\.pdf$/;

/** Contents made once per process: the same name always makes the same bytes. */
const madeContents = new Map<string, Buffer>();

/** What makes a seeded file's content, by its stored name (null: not one of ours); each content is made once. */
function demoFileMaker(name: string): (() => Buffer) | null {
  const picture = PICTURE_NAME.exec(name);
  const manual = picture ? null : MANUAL_NAME.exec(name);
  if (!picture && !manual) return null;
  return () => {
    let content = madeContents.get(name);
    if (!content) {
      content = picture ? machinePicture(HUES[Number(picture[1]) % HUES.length]!, Number(picture[2])) : manualPdf(`${manual![1]} Manual`);
      madeContents.set(name, content);
    }
    return content;
  };
}

/** The seeded files missing on disk are written again (a fresh DATA_DIR, or tests' temporary file folders); a file on disk is not made. */
export async function restoreDemoFiles(db: Db, files: { writeMissing(storageKey: string, content: () => Buffer): Promise<boolean> }): Promise<number> {
  const rows = await db.selectFrom('file_object').select('storage_key').where('storage_key', 'like', `%/${SEED_FOLDER}/ledger-%`).execute();
  let written = 0;
  for (const { storage_key: key } of rows) {
    const make = demoFileMaker(key.split('/').pop()!);
    if (make && (await files.writeMissing(key, make))) written += 1;
  }
  return written;
}

/** A file_object row of a seeded file; its bytes are written by restoreDemoFiles when the server starts. */
async function seedFile(trx: Db, scope: { enterprise_id: number; org_id: number }, userId: number, name: string, originalName: string): Promise<string> {
  const content = demoFileMaker(name)!();
  const url = `${scope.enterprise_id}/${SEED_FOLDER}/${name}`;
  await trx
    .insertInto('file_object')
    .values({
      ...scope,
      user_id: userId,
      type: name.endsWith('.png') ? 0 : 1,
      url,
      storage_key: url,
      file_name: name,
      original_name: originalName,
      mime: name.endsWith('.png') ? 'image/png' : 'application/pdf',
      size: content.length,
    })
    .execute();
  return url;
}

const pad = (value: number) => String(value).padStart(2, '0');
const isoDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/**
 * Ledger data for every device of both factories (asset number, purchase, supplier, price, warranty
 * — some over —, location, responsible person), manuals and pictures for the first devices, the
 * fault knowledge base, and a month of 一体机 exceptions. Runs after the modeling, shop-floor and
 * account seeds.
 */
export async function seedDeviceLedgerDemo(trx: Db, enterpriseId: number, orgIds: number[], now = new Date()): Promise<void> {
  for (const [factoryIndex, orgId] of orgIds.entries()) {
    const scope = { enterprise_id: enterpriseId, org_id: orgId };
    const devices = await trx
      .selectFrom('device as d')
      .leftJoin('workshop as w', 'w.id', 'd.workshop_id')
      .leftJoin('device_type as t', 't.id', 'd.device_type_id')
      .select(['d.id', 'd.device_no', 'd.name', 'd.brand', 'w.name as workshop_name', 't.code as machine_type'])
      .where('d.enterprise_id', '=', enterpriseId)
      .where('d.org_id', '=', orgId)
      .orderBy('d.id')
      .execute();
    const people = await trx
      .selectFrom('user_org as uo')
      .innerJoin('app_user as u', 'u.id', 'uo.user_id')
      .select(['u.id', 'u.nick_name'])
      .where('uo.enterprise_id', '=', enterpriseId)
      .where('uo.org_id', '=', orgId)
      .where('u.status', '=', 1)
      .orderBy('u.id')
      .execute();
    const prefix = factoryIndex === 0 ? 'ZC-XC' : 'ZC-ZB';

    const uploader = people[0]?.id;
    if (uploader === undefined) continue;
    const documentsOf = new Map<number, Array<{ url: string; name: string }>>();
    for (const device of devices.slice(0, 4)) {
      const url = await seedFile(trx, scope, uploader, `ledger-${orgId}-doc-${device.device_no}.pdf`, `${device.name}使用说明书.pdf`);
      documentsOf.set(device.id, [{ url, name: `${device.name}使用说明书.pdf` }]);
    }
    const assets = devices.map((device, index) => {
      const bought = new Date(now.getTime() - (120 + index * 61) * DAY);
      const warrantyYears = index % 3 === 0 ? 1 : 3;
      const warranty = new Date(bought.getFullYear() + warrantyYears, bought.getMonth(), bought.getDate());
      const supplier = SUPPLIERS.find((name) => name.startsWith(device.brand.slice(0, 2))) ?? SUPPLIERS[index % SUPPLIERS.length]!;
      const documents = documentsOf.get(device.id) ?? [];
      return {
        ...scope,
        device_id: device.id,
        asset_no: `${prefix}-${bought.getFullYear()}-${String(index + 1).padStart(3, '0')}`,
        purchase_date: isoDay(bought),
        supplier,
        price: 80_000 + ((index * 53_731) % 900_000),
        warranty_end: isoDay(warranty),
        location: `${device.workshop_name ?? '仓库'}${String.fromCharCode(65 + (index % 4))}区`,
        responsible_user_id: people.length > 0 ? people[index % people.length]!.id : null,
        documents: JSON.stringify(documents),
        remark: index % 5 === 0 ? '年度保养合同已续签' : '',
      };
    });
    if (assets.length > 0) await trx.insertInto('device_asset').values(assets).execute();

    const pictures = [];
    for (const [index, device] of devices.slice(0, 4).entries()) {
      for (const variant of [0, 1]) {
        const originalName = `${device.device_no}-${variant === 0 ? '正面' : '侧面'}.png`;
        const url = await seedFile(trx, scope, uploader, `ledger-${orgId}-pic-${(index + factoryIndex) % HUES.length}-${variant}-${device.device_no}.png`, originalName);
        pictures.push({
          ...scope,
          device_id: device.id,
          url,
          original_name: originalName,
          source: variant === 0 ? 1 : 2,
          uploaded_by: people[0]?.id ?? null,
          uploader_name: `${people[0]?.nick_name ?? ''}${variant === 0 ? '' : '（手机）'}`,
          created_at: new Date(now.getTime() - (30 - index) * DAY),
        });
      }
    }
    if (pictures.length > 0) await trx.insertInto('device_picture').values(pictures).execute();

    const types = await trx.selectFrom('device_type').select(['id', 'code as machine_type']).where('enterprise_id', '=', enterpriseId).where('org_id', '=', orgId).execute();
    const typeId = new Map(types.map((type) => [type.machine_type, type.id]));
    const author = people[0]?.nick_name ?? '';
    const guide = await seedFile(trx, scope, uploader, `ledger-${orgId}-doc-Registration.pdf`, '套印调整作业指导书.pdf');
    await trx
      .insertInto('device_knowledge')
      .values(
        KNOWLEDGE.map((entry, index) => ({
          ...scope,
          fault_symptom: entry.symptom,
          cause: entry.cause,
          remedy: entry.remedy,
          device_type_id: entry.type ? (typeId.get(entry.type) ?? null) : null,
          keywords: entry.keywords,
          files: JSON.stringify(index === 0 ? [{ url: guide, name: '套印调整作业指导书.pdf' }] : []),
          created_by_name: author,
          created_at: new Date(now.getTime() - (60 - index * 3) * DAY),
          updated_at: new Date(now.getTime() - (40 - index * 3) * DAY),
        })),
      )
      .execute();

    const machines = await trx.selectFrom('work_machine').select(['id', 'machine_code']).where('enterprise_id', '=', enterpriseId).where('org_id', '=', orgId).orderBy('id').execute();
    const logs = machines.flatMap((machine, machineIndex) =>
      MACHINE_EXCEPTIONS.map((entry, index) => ({
        ...scope,
        work_machine_id: machine.id,
        level: entry.level,
        code: entry.code,
        message: entry.message,
        detail: entry.detail,
        device_no: '',
        event_id: `seed-${machine.machine_code}-${index}`,
        occurred_at: new Date(now.getTime() - ((index + 1) * 4.5 + machineIndex) * DAY - index * 3_600_000),
      })),
    );
    if (logs.length > 0) await trx.insertInto('machine_exception_log').values(logs).execute();
  }
}
