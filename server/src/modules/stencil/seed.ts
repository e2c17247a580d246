import type { Db } from '../../db';

/** Plates per demo factory (one per printed colour of the first products that print). */
const PLATES_PER_FACTORY = 48;
const COLORS = ['黑色', '专红', '蓝色', '绿色', '黄色', '橙色', '紫色', '金色'];
/** Typical lives: photopolymer resin wears faster than rubber. */
const LIFE = { RESIN: 300_000, RUBBER: 800_000 } as const;

/**
 * About fifty printing plates per factory, each for one colour of a seeded product (its customer,
 * a plate size from the box's unfolded size), mostly 在库, some 领用 on a press, a few 报废, and a
 * handful close to the end of their life. Runs after the modeling seed.
 */
export async function seedStencilDemo(trx: Db, enterpriseId: number, orgIds: number[]): Promise<void> {
  for (const orgId of orgIds) {
    const products = await trx
      .selectFrom('product')
      .select(['id', 'product_no', 'customer_name', 'length_mm', 'width_mm', 'height_mm', 'colors'])
      .where('enterprise_id', '=', enterpriseId)
      .where('org_id', '=', orgId)
      .where('colors', '>', 0)
      .orderBy('id')
      .limit(PLATES_PER_FACTORY)
      .execute();
    const plates = products
      .flatMap((product) => Array.from({ length: product.colors }, (_, colour) => ({ product, colour })))
      .slice(0, PLATES_PER_FACTORY)
      .map(({ product, colour }, index) => {
        const plateType = index % 3 === 2 ? 'RUBBER' : 'RESIN';
        const life = LIFE[plateType];
        // Every seventh plate is nearly worn out; the rest spread over their life.
        const used = index % 7 === 3 ? Math.round(life * (0.9 + (index % 5) / 50)) : Math.round((life * ((index * 37) % 80)) / 100);
        return {
          enterprise_id: enterpriseId,
          org_id: orgId,
          code: `YB-${product.product_no}-${colour + 1}`,
          customer_name: product.customer_name,
          product_id: product.id,
          color: COLORS[colour % COLORS.length]!,
          plate_type: plateType,
          width_mm: Math.min(2400, 2 * (product.length_mm + product.width_mm) + 40),
          height_mm: Math.min(1600, product.width_mm + Math.max(product.height_mm, 100) + 40),
          location: `印版架${String.fromCharCode(65 + (index % 4))}-${String(Math.floor(index / 4) + 1).padStart(2, '0')}`,
          status: index % 11 === 5 ? 3 : index % 5 === 1 ? 2 : 1,
          used_count: used,
          life_count: life,
          remark: '',
        };
      });
    if (plates.length > 0) await trx.insertInto('stencil').values(plates).execute();
  }
}
