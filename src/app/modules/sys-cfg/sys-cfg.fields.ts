import { fieldsOf } from '@app/components/form-dialog';
import { SaveDictRequest } from '@core/contracts/sys-cfg';
import { CreateBoardCodeRequest, CreateDeckleRequest, CreateFluteRequest, CreatePaperGradeRequest } from '@core/contracts/sys-cfg';

/**
 * The /sys-cfg data fields once: label, unit and limits (read from the contract schema where it has
 * them); the paper-data lists and the forms of `sys-cfg.forms.ts` are built from these.
 */
const REMARK = '备注';

export const PAPER_GRADE = fieldsOf(CreatePaperGradeRequest, {
  paperCode: '原纸编码',
  paperName: '原纸名称',
  grammage: { label: '克重', unit: 'g/m²' },
  paperType: '原纸类型',
  ringCrush: { label: '环压强度', unit: 'N' },
  remark: REMARK,
});

export const FLUTE = fieldsOf(CreateFluteRequest, {
  fluteCode: '楞型编码',
  fluteName: '楞型名称',
  walls: '楞层',
  components: '组成楞型',
  heightMm: { label: '楞高', unit: 'mm' },
  takeUpFactor: { label: '收缩率（瓦楞系数）', short: '收缩率' },
  remark: REMARK,
});

export const BOARD_CODE = fieldsOf(CreateBoardCodeRequest, {
  boardCode: '纸板编码',
  fluteCode: '楞型',
  layerText: '纸板层（面纸-芯纸-…）',
  grade: '纸板等级',
  minBurstKpa: { label: '最小耐破强度', short: '耐破', unit: 'kPa' },
  minEctKnM: { label: '最小边压强度', short: '边压', unit: 'kN/m' },
  basisWeight: { label: '定量', unit: 'g/m²' },
  remark: REMARK,
});

export const DECKLE = fieldsOf(CreateDeckleRequest, {
  widthMm: { label: '门幅', unit: 'mm' },
  minTrimMm: { label: '最小修边', unit: 'mm' },
  enabled: { label: '启用', short: '状态' },
  remark: REMARK,
});

export const DICT_TYPE = fieldsOf(SaveDictRequest, { dictType: '字典类型', dictName: '字典名称' });
