import type { TicketField, TicketFieldKey } from '@core/contracts/sys-cfg';
import type { Db } from '../../db';

type Spec = [TicketFieldKey, 'half' | 'full', boolean?];
const f = (specs: Spec[]): TicketField[] => specs.map(([fieldKey, span, bold]) => ({ fieldKey, span, bold: bold === true }));

interface SeedTemplate {
  name: string;
  printType: 1 | 2;
  paperSize: string;
  orientation: 'portrait' | 'landscape';
  title: string;
  fields: TicketField[];
  qrPosition: string;
  isDefault: boolean;
  remark: string;
}

const CARTON: SeedTemplate[] = [
  {
    name: '标准工单流转卡',
    printType: 1,
    paperSize: 'A4',
    orientation: 'portrait',
    title: '生产工单流转卡',
    fields: f([
      ['workOrderNo', 'half', true], ['orderNo', 'half'], ['customerName', 'full'], ['productNo', 'half'], ['boxStyle', 'half'],
      ['productName', 'full', true], ['innerSize', 'half'], ['sheetSize', 'half'], ['boardCode', 'half'], ['flute', 'half'],
      ['colors', 'half'], ['orderQuantity', 'half', true], ['planQuantity', 'half'], ['deliveryDate', 'half', true],
      ['processFlow', 'full'], ['processDevice', 'full'], ['team', 'half'], ['shift', 'half'], ['remark', 'full'],
    ]),
    qrPosition: 'topRight',
    isDefault: true,
    remark: '随工单下发，每道工序完工后签字',
  },
  {
    name: '简版流转卡（A5横向）',
    printType: 1,
    paperSize: 'A5',
    orientation: 'landscape',
    title: '工单流转卡',
    fields: f([
      ['workOrderNo', 'half', true], ['deliveryDate', 'half'], ['customerName', 'full'], ['productName', 'full', true],
      ['innerSize', 'half'], ['boardCode', 'half'], ['planQuantity', 'half', true], ['processDevice', 'half'],
    ]),
    qrPosition: 'topRight',
    isDefault: false,
    remark: '联动线短单使用',
  },
  {
    name: '成品捆包标签',
    printType: 2,
    paperSize: 'LABEL_100X80',
    orientation: 'landscape',
    title: '成品标签',
    fields: f([['customerName', 'full', true], ['productName', 'full'], ['innerSize', 'full'], ['bundleQuantity', 'half', true], ['workOrderNo', 'half']]),
    qrPosition: 'bottomRight',
    isDefault: true,
    remark: '每捆一张，贴于捆包侧面',
  },
];

const BOARD: SeedTemplate[] = [
  {
    name: '纸板工单流转卡',
    printType: 1,
    paperSize: 'A5',
    orientation: 'landscape',
    title: '纸板生产流转卡',
    fields: f([
      ['workOrderNo', 'half', true], ['orderNo', 'half'], ['customerName', 'full'], ['boardCode', 'half', true], ['flute', 'half'],
      ['sheetSize', 'half'], ['planQuantity', 'half', true], ['deliveryDate', 'half'], ['processDevice', 'half'], ['remark', 'full'],
    ]),
    qrPosition: 'topRight',
    isDefault: true,
    remark: '',
  },
  {
    name: '纸板垛标签',
    printType: 2,
    paperSize: 'LABEL_100X100',
    orientation: 'portrait',
    title: '纸板垛标签',
    fields: f([['customerName', 'full', true], ['boardCode', 'full'], ['sheetSize', 'full'], ['bundleQuantity', 'half', true], ['workOrderNo', 'half']]),
    qrPosition: 'bottomRight',
    isDefault: true,
    remark: '每垛一张',
  },
];

/** Two or three ticket templates per demo factory, one default per print type. */
export async function seedTicketTemplateDemo(trx: Db, enterpriseId: number, factories: Array<{ orgId: number; board: boolean }>): Promise<void> {
  for (const { orgId, board } of factories) {
    await trx
      .insertInto('ticket_template')
      .values(
        (board ? BOARD : CARTON).map((template) => ({
          enterprise_id: enterpriseId,
          org_id: orgId,
          template_name: template.name,
          print_type: template.printType,
          paper_size: template.paperSize,
          orientation: template.orientation,
          title: template.title,
          fields: JSON.stringify(template.fields),
          show_qr_code: true,
          qr_position: template.qrPosition,
          show_process_table: template.printType === 1,
          is_default: template.isDefault,
          remark: template.remark,
        })),
      )
      .execute();
  }
}
