// A driver for the console's shared screens as a user meets them: the list page (filters, rows, row
// actions), its dialogs, confirmations and messages, antd selects and the category tree beside a list.
// Every wait is on what the user waits for: a list request answered and its rows shown, an option
// arriving in a dropdown, a dialog done opening. No fixed sleeps.
import type { Locator, Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import { settleAnimations } from './harness';
import { loginAt } from './login';

/** A list row's cells by column title. */
export type ListRow = Record<string, string>;

const exactText = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

// ---- what is on the screen ---------------------------------------------------------------------

/** An open dialog (modal or drawer-less editor) by its exact title. */
export const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title, exact: true });
/** A confirmation (提示 modal or popconfirm) by the question it asks. */
export const confirmDialog = (page: Page, text: string) => page.getByRole('dialog').filter({ hasText: text });
/**
 * The newest antd message (toast) holding `text`: one step's 新增成功 may still be shown (3 s) when
 * the next step's appears.
 */
export const message = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text }).last();
/** The form item labelled `label` inside `scope` (a dialog, the filter form). */
export const formItem = (scope: Locator, label: string) =>
  scope.locator('.ant-form-item', { has: scope.page().locator(`label[title="${label}"]`) });
/** The list table's data rows. */
export const tableRows = (page: Page) => page.locator('.mes-list-table .ant-table-tbody tr.ant-table-row');
/** The list rows holding `text` anywhere. */
export const rowWith = (page: Page, text: string) => tableRows(page).filter({ hasText: text });
/** The list rows with a cell that reads exactly `text`. */
export const rowWithCell = (page: Page, text: string) => tableRows(page).filter({ has: page.locator('td', { hasText: exactText(text) }) });
/** A node of the category tree beside a list. */
export const treeNode = (page: Page, name: string) => page.locator(`.mes-category-tree [data-category="${name}"]`);

// ---- opening and waiting for the list -------------------------------------------------------------

/** Waits until the list page has shown the answer to its latest request. */
export async function waitForList(page: Page): Promise<void> {
  await page.locator('.mes-list-page[data-loading="false"]').first().waitFor();
}

/** Logs in (as admin unless told), opens the list page at `path` and waits until it shows its rows. */
export async function openList(page: Page, baseUrl: string, path: string, username?: string, password?: string): Promise<void> {
  await loginAt(page, baseUrl, path, username, password);
  await waitForList(page);
}

/** Which list request a step causes: its path (default: any path ending in `list`) and query. */
export interface ListRequest {
  path?: string;
  /** Query parameters the request carries, exactly. */
  params?: Record<string, string>;
  where?: (params: URLSearchParams) => boolean;
}

/** Resolves with the next list response matching `request`; call it before the step that causes it. */
export function nextList(page: Page, request: ListRequest = {}): Promise<Response> {
  return page.waitForResponse((response) => {
    const url = new URL(response.url());
    if (request.path ? url.pathname !== request.path : !url.pathname.endsWith('list')) return false;
    const params = Object.entries(request.params ?? {});
    return params.every(([name, value]) => url.searchParams.get(name) === value) && (request.where?.(url.searchParams) ?? true);
  });
}

/** Waits for a list response (asked for before the step that causes it) and for the list to show it. */
export async function shown(page: Page, response: Promise<Response>): Promise<Response> {
  const answered = await response;
  expect(answered.ok()).toBe(true);
  await waitForList(page);
  return answered;
}

/** Runs `step` and waits for the list request it causes to be answered and shown. */
export async function listAfter(page: Page, step: () => Promise<unknown>, request: ListRequest = {}): Promise<Response> {
  const response = nextList(page, request);
  await step();
  return shown(page, response);
}

// ---- reading the list ----------------------------------------------------------------------------

/** Cells of the shown list rows, by column title. */
export async function listRows(page: Page): Promise<ListRow[]> {
  await waitForList(page);
  const headers = await page.locator('.mes-list-table .ant-table-thead th').allInnerTexts();
  const rows: ListRow[] = [];
  for (const row of await tableRows(page).all()) {
    const cells = await row.locator('td').allInnerTexts();
    rows.push(Object.fromEntries(headers.map((header, index) => [header.trim(), (cells[index] ?? '').trim()])));
  }
  return rows;
}

/** The shown row whose `column` reads `value`. */
export async function listRow(page: Page, column: string, value: string): Promise<ListRow | undefined> {
  return (await listRows(page)).find((row) => row[column] === value);
}

/** The shown values of one column. */
export async function listColumn(page: Page, column: string): Promise<string[]> {
  return (await listRows(page)).map((row) => row[column] ?? '');
}

// ---- acting on the list --------------------------------------------------------------------------

/**
 * Types `value` into the filter labelled `label` (a text box, or a tag input where it adds one tag)
 * and waits for the list request carrying `param=value` to be answered and shown.
 */
export async function filterBy(page: Page, label: string, value: string, param: string, request: ListRequest = {}): Promise<Response> {
  const item = formItem(page.locator('.mes-filter-form'), label);
  return listAfter(
    page,
    async () => {
      if ((await item.locator('.mes-tag-input').count()) > 0) {
        await item.locator('.mes-tag-input input').fill(value);
        await page.keyboard.press('Enter');
      } else {
        await item.locator('input').first().fill(value);
      }
    },
    { ...request, params: { ...request.params, [param]: value } },
  );
}

/** Clicks a row's action by its label: an inline link, or an entry of the row's 更多 menu. */
export async function rowAction(row: Locator, label: string): Promise<void> {
  await row.first().waitFor();
  const link = row.getByText(label, { exact: true });
  if ((await link.count()) > 0) return link.click();
  await row.locator('.mes-row-actions-more').click();
  await row.page().locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: exactText(label) }).click();
}

/** Answers the confirmation asking `text` with `button` once it has finished opening. */
export async function confirm(page: Page, text: string, button = '确定'): Promise<Locator> {
  const asked = confirmDialog(page, text);
  await asked.waitFor();
  await settleAnimations(page);
  await asked.getByRole('button', { name: button }).click();
  return asked;
}

/** Clicks the button `button` and answers the dialog titled `title` once it has finished opening. */
export async function openDialog(page: Page, button: string, title = button): Promise<Locator> {
  await page.getByRole('button', { name: button }).click();
  const opened = dialog(page, title);
  await opened.waitFor();
  // A select opened while the dialog still zooms in loses its dropdown when the dialog takes focus.
  await settleAnimations(page);
  return opened;
}

/** Opens a category-tree node's ⋯ menu and picks `action`. */
export async function treeAction(page: Page, name: string, action: string): Promise<void> {
  await page.getByRole('button', { name: `${name}操作` }).click();
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: action }).click();
}

// ---- antd selects ----------------------------------------------------------------------------------

/**
 * Opens an antd Select (unless its dropdown is open already) and answers that select's own dropdown:
 * the one holding the listbox its input controls, so a neighbour's closing dropdown never answers.
 */
export async function openSelect(select: Locator): Promise<Locator> {
  // A dialog still zooming in takes the focus when it has opened, which closes a dropdown opened before
  // (a row's 编辑 opens its dialog without openDialog): let it finish first, as a user's eye does.
  await settleAnimations(select.page());
  const input = select.locator('input').first();
  if (!(await input.getAttribute('aria-controls'))) await select.click();
  // The input names its listbox while the dropdown is open; a busy page may take a while to open it.
  const opened = select.locator('input[aria-controls]').first();
  await opened.waitFor({ state: 'attached' });
  const listbox = await opened.getAttribute('aria-controls');
  return select.page().locator('.ant-select-dropdown', { has: select.page().locator(`[id="${listbox}"]`) });
}

/**
 * Closes an antd Select's dropdown with Escape if it is still open, and waits until it is closed. A
 * single select closes by itself on a pick (at once without motion): an Escape then would reach the
 * dialog around it and cancel the dialog.
 */
export async function closeSelect(select: Locator): Promise<void> {
  if (await select.locator('input[aria-controls]').count()) await select.page().keyboard.press('Escape');
  await select.locator('input:not([aria-controls])').first().waitFor({ state: 'attached' });
}

/** Option titles the open dropdown shows (a virtual list shows only those in view). */
export const optionTitles = (dropdown: Locator) =>
  dropdown.locator('.ant-select-item-option').evaluateAll((options) => options.map((option) => option.getAttribute('title') ?? ''));

export interface PickOptions {
  /** Typed to search first; default the option itself, '' types nothing. */
  search?: string;
  /** false: the first option containing the text instead of the one titled exactly so. */
  exact?: boolean;
}

/** Opens an antd Select, types to search and picks the option; waits for the option to arrive (options load late). */
export async function pick(select: Locator, option: string, { search = option, exact = true }: PickOptions = {}): Promise<void> {
  const dropdown = await openSelect(select);
  if (search) await select.page().keyboard.type(search);
  const choice = exact
    ? dropdown.locator(`.ant-select-item-option[title="${option}"]`)
    : dropdown.locator('.ant-select-item-option', { hasText: option }).first();
  await choice.click();
}
