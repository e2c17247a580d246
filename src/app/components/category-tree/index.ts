/** CategoryTree: a managed tree (⋯ menu to add a child, rename, delete) with an "all" entry, selecting a node filters a list. */
export { CategoryTree, type CategoryTreeProps, type CategoryEditorProps } from './category-tree';
/** A node of a CategoryTree. */
export { type CategoryNode } from './category-tree';
/** The key of the "all" entry of a CategoryTree. */
export { ALL_CATEGORIES } from './category-tree';
