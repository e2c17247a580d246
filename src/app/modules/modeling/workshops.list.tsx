import type { CreateWorkshopRequest, Workshop } from '@core/contracts/modeling';
import { columnOf, editorActions, type ListSpec } from '@app/components';
import { ModelingAuthorities as A } from '@core/access/authorities/modeling';
import { workshopsApi } from './modeling.api';
import { WORKSHOP } from './modeling.fields';
import { WORKSHOP_FIELDS } from './modeling.forms';

/** 车间: name, code, device count; add, edit, delete (a workshop with devices is refused by the server). */
export const workshopList: ListSpec<Workshop> = {
  rowKey: 'id',
  columns: [
    { ...columnOf(WORKSHOP.workshopName), filter: { type: 'input' }, sortable: true, width: 160 },
    { ...columnOf(WORKSHOP.workshopCode), filter: { type: 'input' }, width: 120 },
    { ...columnOf(WORKSHOP.deviceCount), type: 'number', width: 100 },
    { ...columnOf(WORKSHOP.sort), type: 'number', sortable: true, width: 80 },
    { ...columnOf(WORKSHOP.remark), width: 200 },
    { ...columnOf(WORKSHOP.updateTime), type: 'date', width: 170 },
  ],
  fetch: workshopsApi.list,
  ...editorActions({ noun: '车间', authorities: [A.workshopAdd, A.workshopEdit, A.workshopDelete], name: (row) => row.workshopName, remove: (row) => workshopsApi.remove([row.id]) }),
  editor: {
    noun: '车间',
    fields: WORKSHOP_FIELDS,
    initial: (row) => row ?? { sort: 0 },
    save: (values: CreateWorkshopRequest, row) => (row ? workshopsApi.update({ ...values, id: row.id }) : workshopsApi.create(values)),
  },
};
