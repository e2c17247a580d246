/** Where the device editor lives (route catalogue SYS_EDIT_DEVICE, hidden) and where it returns to. */
export const EDIT_DEVICE_PATH = '/edit-device';
export const DEVICE_LIST_PATH = '/modeling?tab=device';

/** /edit-device?id=… edits a device; without id it adds one, with the tree's type preselected. */
export function deviceEditorPath(id?: number, deviceTypeId?: number | null): string {
  const params = new URLSearchParams();
  if (id !== undefined) params.set('id', String(id));
  else if (deviceTypeId) params.set('deviceTypeId', String(deviceTypeId));
  const query = params.toString();
  return query ? `${EDIT_DEVICE_PATH}?${query}` : EDIT_DEVICE_PATH;
}

/** Navigation state carrying the list URL (tab, type, filters, page) to come back to. */
export interface DeviceEditorState {
  from?: string;
}
