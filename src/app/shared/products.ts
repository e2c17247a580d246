import type { PageResult } from '@core/contracts/common';
import { ModelingPaths, type Product } from '@core/contracts/modeling';
import { http } from '@core/http';
import { ALL } from './api';

/** A product as people name it: 名称（编号）. */
export const productLabel = (product: Pick<Product, 'productName' | 'productNo'>) => `${product.productName}（${product.productNo}）`;

/** The factory's products (up to 1,000, newest first) for pickers. */
export const allProducts = () => http.get<PageResult<Product>>(ModelingPaths.productList, ALL).then((page) => page.list);

/** Select options of products: value id, label 名称（编号）. */
export const productOptions = (products: readonly Product[]) => products.map((product) => ({ value: product.id, label: productLabel(product) }));
