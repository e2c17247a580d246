import type { Db } from '../../db';

/**
 * Paper produce data of a demo factory (DOMAIN.md "Board"): liner and medium papers, the five
 * single-wall flutes with BC/BE double wall, sixteen board codes graded per GB/T 6544, and the
 * corrugator's deckle widths 1600–2500 mm with a 20 mm minimum trim.
 */

/** code, name, g/m², type, ring crush (N) or null. */
const GRADES: Array<[string, string, number, 'liner' | 'medium', number | null]> = [
  ['K170', '牛卡纸', 170, 'liner', 280],
  ['K200', '牛卡纸', 200, 'liner', 340],
  ['K250', '牛卡纸', 250, 'liner', 430],
  ['K300', '牛卡纸', 300, 'liner', 520],
  ['A170', 'A级挂面箱板纸', 170, 'liner', 250],
  ['A200', 'A级挂面箱板纸', 200, 'liner', 300],
  ['W250', '白面牛卡纸', 250, 'liner', 400],
  ['C110', 'C级箱板纸（夹芯）', 110, 'liner', null],
  ['B110', '高强瓦楞原纸', 110, 'medium', 180],
  ['B120', '高强瓦楞原纸', 120, 'medium', 200],
  ['B140', '高强瓦楞原纸', 140, 'medium', 250],
  ['C120', '普通瓦楞原纸', 120, 'medium', 150],
  ['C140', '普通瓦楞原纸', 140, 'medium', 180],
  ['E110', '细瓦楞原纸', 110, 'medium', 170],
  ['E120', '细瓦楞原纸', 120, 'medium', 190],
];

/** code, name, components, height mm, take-up. */
const FLUTES: Array<[string, string, string[], number, number | null]> = [
  ['A', 'A楞（大瓦楞）', [], 4.8, 1.5],
  ['C', 'C楞', [], 4.0, 1.45],
  ['B', 'B楞', [], 3.2, 1.35],
  ['E', 'E楞（细瓦楞）', [], 1.6, 1.28],
  ['F', 'F楞（微瓦楞）', [], 0.8, 1.25],
  ['BC', 'BC双瓦楞', ['B', 'C'], 7.2, null],
  ['BE', 'BE双瓦楞', ['B', 'E'], 4.8, null],
];

/** layer papers (liner first), flute, GB/T 6544 grade, min burst kPa, min ECT kN/m. */
const BOARDS: Array<[string, string, string, number, number]> = [
  ['K170-B110-K170', 'B', 'S-1.1', 588, 4.9],
  ['A170-B120-A170', 'B', 'S-1.1', 588, 4.9],
  ['K200-B120-K200', 'B', 'S-1.2', 784, 5.88],
  ['K250-B140-K250', 'B', 'S-1.3', 1177, 6.86],
  ['A200-C120-A200', 'C', 'S-1.2', 784, 5.88],
  ['K200-C120-K200', 'C', 'S-1.2', 784, 5.88],
  ['K250-C140-K250', 'C', 'S-1.3', 1177, 6.86],
  ['K300-C140-K300', 'C', 'S-1.4', 1569, 7.84],
  ['K300-C140-K250', 'A', 'S-1.4', 1569, 7.84],
  ['A170-E110-A170', 'E', 'S-1.1', 588, 4.9],
  ['K200-E110-K200', 'E', 'S-1.1', 588, 4.9],
  ['W250-E120-K200', 'E', 'S-1.2', 784, 5.88],
  ['A200-B110-C110-C120-A200', 'BC', 'D-1.1', 784, 6.86],
  ['K250-B120-C110-C140-K250', 'BC', 'D-1.3', 1569, 8.82],
  ['K300-B140-C110-C140-K300', 'BC', 'D-1.4', 1961, 9.8],
  ['W250-B120-C110-E120-K200', 'BE', 'D-1.2', 1177, 7.84],
];

const DECKLES = [1600, 1700, 1800, 1850, 1900, 2000, 2050, 2100, 2200, 2300, 2400, 2500];

export async function seedPaperDataDemo(trx: Db, enterpriseId: number, orgIds: number[]): Promise<void> {
  for (const orgId of orgIds) {
    const base = { enterprise_id: enterpriseId, org_id: orgId };
    const grades = await trx
      .insertInto('paper_grade')
      .values(GRADES.map(([code, name, grammage, type, ring]) => ({ ...base, paper_code: code, paper_name: `${name} ${grammage}g`, grammage, paper_type: type, ring_crush: ring })))
      .returning(['id', 'paper_code'])
      .execute();
    const gradeId = new Map(grades.map((row) => [row.paper_code, row.id]));
    const flutes = await trx
      .insertInto('flute')
      .values(FLUTES.map(([code, name, components, height, takeUp]) => ({ ...base, flute_code: code, flute_name: name, components, height_mm: height, take_up_factor: takeUp })))
      .returning(['id', 'flute_code'])
      .execute();
    const fluteId = new Map(flutes.map((row) => [row.flute_code, row.id]));
    const boards = await trx
      .insertInto('board_code')
      .values(BOARDS.map(([code, flute, grade, burst, ect]) => ({ ...base, board_code: code, flute_id: fluteId.get(flute)!, grade, min_burst_kpa: burst, min_ect_kn_m: ect })))
      .returning(['id', 'board_code'])
      .execute();
    await trx
      .insertInto('board_code_layer')
      .values(boards.flatMap((board) => board.board_code.split('-').map((paper, index) => ({ board_code_id: board.id, seq: index + 1, paper_grade_id: gradeId.get(paper)! }))))
      .execute();
    await trx
      .insertInto('deckle_width')
      .values(DECKLES.map((width) => ({ ...base, width_mm: width, min_trim_mm: 20 })))
      .execute();
  }
}
