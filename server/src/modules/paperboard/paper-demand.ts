import type { BoardRunView, PaperDemand } from '@core/contracts/paperboard';
import type { Db } from '../../db';
import type { Scope } from '../../plugins/auth';

/** Take-up of a medium whose flute has none recorded (DOMAIN.md: 1.25–1.5 by flute). */
const DEFAULT_TAKE_UP = 1.4;
const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * Paper-roll demand of a schedule (原纸需求): for each layer of the board code (纸板生产数据) and each
 * roll width, the metres the reel stand unwinds — the web metres, times the flute's take-up for a
 * medium (double wall: the mediums take their component flutes in order) — with its area and tonnes
 * at the paper's grammage. Empty when the board code has no layers on file.
 */
export async function paperDemand(db: Db, scope: Scope, boardCode: string, runs: BoardRunView[]): Promise<PaperDemand[]> {
  const board = await db
    .selectFrom('board_code as b')
    .innerJoin('flute as f', 'f.id', 'b.flute_id')
    .select(['b.id', 'f.flute_code', 'f.components', 'f.take_up_factor'])
    .where('b.enterprise_id', '=', scope.enterpriseId)
    .where('b.org_id', '=', scope.orgId)
    .where('b.board_code', '=', boardCode)
    .executeTakeFirst();
  if (!board) return [];
  const [layers, flutes] = await Promise.all([
    db
      .selectFrom('board_code_layer as l')
      .innerJoin('paper_grade as p', 'p.id', 'l.paper_grade_id')
      .select(['l.seq', 'p.paper_code', 'p.paper_name', 'p.paper_type', 'p.grammage'])
      .where('l.board_code_id', '=', board.id)
      .orderBy('l.seq')
      .execute(),
    db.selectFrom('flute').select(['flute_code', 'take_up_factor']).where('enterprise_id', '=', scope.enterpriseId).where('org_id', '=', scope.orgId).execute(),
  ]);
  const takeUpOf = new Map(flutes.map((flute) => [flute.flute_code, flute.take_up_factor === null ? DEFAULT_TAKE_UP : Number(flute.take_up_factor)]));
  const mediumFlutes = board.components.length ? board.components : [board.flute_code];
  const metresByRoll = new Map<number, number>();
  for (const run of runs) metresByRoll.set(run.rollWidthMm, (metresByRoll.get(run.rollWidthMm) ?? 0) + run.metres);
  let medium = 0;
  return layers.flatMap((layer) => {
    const takeUp = layer.paper_type === 'medium' ? (takeUpOf.get(mediumFlutes[Math.min(medium++, mediumFlutes.length - 1)]!) ?? DEFAULT_TAKE_UP) : 1;
    return [...metresByRoll.entries()]
      .sort(([a], [b]) => b - a)
      .map(([rollWidthMm, webMetres]) => {
        const metres = webMetres * takeUp;
        const areaM2 = (metres * rollWidthMm) / 1000;
        return {
          seq: layer.seq,
          paperCode: layer.paper_code,
          paperName: layer.paper_name,
          paperType: layer.paper_type,
          takeUp,
          rollWidthMm,
          metres: round(metres, 1),
          areaM2: round(areaM2, 1),
          tonnes: round((areaM2 * layer.grammage) / 1e6, 3),
        };
      });
  });
}
