import { Button, Empty, Form, Select, Space } from 'antd';
import { FormDialog } from '@app/components/form-dialog';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { CreateTeamRequest, Team } from '@core/contracts/modeling';
import { personLabel } from '@core/format';
import { factoryUsersApi } from '@app/components/user-select';
import { useEditorForm, useLoaded } from '@app/components/use-loaded';
import { positionsApi, teamsApi, workshopsApi } from '../modeling.api';
import { TEAM_FIELDS } from '../modeling.forms';
import { EditFormFields } from '@app/components/form-dialog';
import { optionsOf } from './options';

export interface TeamEditorProps {
  /** `{}` adds a team, a row edits it, null closes the dialog. */
  editing: { row?: Team } | null;
  onClose: () => void;
  onSaved: () => void;
}

type TeamValues = Omit<CreateTeamRequest, 'members'> & { members?: Array<{ userId?: number; positionId?: number | null }> };

/** 新增班组 / 编辑班组: name, workshop, leader and the members picked from the factory's staff, each with a position. */
export function TeamEditorDialog({ editing, onClose, onSaved }: TeamEditorProps) {
  const [form] = Form.useForm<TeamValues>();
  const row = editing?.row;
  const { open, loading } = useEditorForm(
    form,
    editing,
    (id) => (id ? teamsApi.detail(id) : Promise.resolve(null)),
    (detail) =>
      detail
        ? {
            teamName: detail.teamName,
            workshopId: detail.workshopId ?? undefined,
            leaderUserId: detail.leaderUserId ?? undefined,
            sort: detail.sort,
            remark: detail.remark,
            members: detail.members.map(({ userId, positionId }) => ({ userId, positionId: positionId ?? undefined })),
          }
        : { sort: 0, members: [] },
  );
  const key = open ? 'open' : 'closed';
  const users = useLoaded(factoryUsersApi.all, key, []).data;
  const positions = useLoaded(positionsApi.all, key, []).data;
  const workshops = useLoaded(workshopsApi.all, key, []).data;
  const members = Form.useWatch('members', form);
  const userOptions = users.map((user) => ({ value: user.userId, label: personLabel(user) }));
  const chosen = new Set((members ?? []).map((member) => member?.userId).filter(Boolean));

  const save = async () => {
    const values = await form.validateFields();
    const request: CreateTeamRequest = {
      ...values,
      workshopId: values.workshopId ?? null,
      leaderUserId: values.leaderUserId ?? null,
      members: (values.members ?? []).map((member) => ({ userId: member.userId!, positionId: member.positionId ?? null })),
    };
    if (row) await teamsApi.update({ ...request, id: row.id });
    else await teamsApi.create(request);
  };

  return (
    <FormDialog open={open} title={row ? '编辑班组' : '新增班组'} width={720} editing={!!row} save={save} onClose={onClose} onSaved={onSaved} loading={loading}>
      <Form form={form} layout="horizontal" labelCol={{ span: 4 }} className="mes-team-editor">
        <EditFormFields
          fields={TEAM_FIELDS}
          options={{ workshopId: optionsOf(workshops, (workshop) => workshop.workshopName), leaderUserId: userOptions }}
        />
        <Form.Item label="班组成员">
          <Form.List name="members">
            {(items, { add, remove }) => (
              <div className="mes-team-members" style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
                {items.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无成员，请添加" />}
                {items.map(({ key: itemKey, name }, index) => (
                  <Space key={itemKey} align="baseline" className="mes-team-member" data-member={index + 1}>
                    <Form.Item name={[name, 'userId']} rules={[{ required: true, message: '请选择成员' }]}>
                      <Select
                        placeholder="请选择成员"
                        aria-label={`第${index + 1}位成员`}
                        style={{ width: 240 }}
                        options={userOptions.map((option) => ({
                          ...option,
                          disabled: chosen.has(option.value) && members?.[index]?.userId !== option.value,
                        }))}
                        showSearch={{ optionFilterProp: 'label' }}
                      />
                    </Form.Item>
                    <Form.Item name={[name, 'positionId']}>
                      <Select
                        placeholder="岗位（可选）"
                        aria-label={`第${index + 1}位成员岗位`}
                        style={{ width: 180 }}
                        allowClear
                        options={optionsOf(positions, (position) => position.positionName)}
                        notFoundContent="暂无岗位，请先在岗位中添加"
                        showSearch={{ optionFilterProp: 'label' }}
                      />
                    </Form.Item>
                    <Button type="text" danger aria-label="移除成员" icon={<DeleteOutlined />} onClick={() => remove(name)} />
                  </Space>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} style={{ width: 240 }}>
                  添加成员
                </Button>
              </div>
            )}
          </Form.List>
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
