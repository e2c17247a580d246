import { useMemo, useState } from 'react';
import { Empty, List, Spin, Tag, Typography } from 'antd';
import type { WorkFlowMap } from '@core/contracts/modeling';
import { useLoaded } from '@app/components/use-loaded';
import { workFlowsApi } from '../modeling.api';
import { layoutProcessMap, MAP_NODE, type MapEdge, type MapNode } from './process-map.layout';

const EMPTY_MAP: WorkFlowMap = { processes: [], flows: [] };
const COLORS = { edge: '#bfc7d5', active: '#1677ff', node: '#f0f5ff', nodeBorder: '#adc6ff', muted: '#fafafa', mutedBorder: '#e4e7ec', mutedText: '#a8abb2', text: 'rgba(0,0,0,0.88)' } as const;
/** The process picked lists its flows; a flow picked (from that list or all) shows its path. */
interface Selection {
  processId?: number;
  flowId?: number;
}

/**
 * From the right side of one node to the left side of the other: a curve to the next column; an
 * edge skipping columns (or going back) runs in the lane between two rows so it never crosses a node.
 */
function edgeGeometry(from: MapNode, to: MapNode): { path: string; labelX: number; labelY: number } {
  const [x1, y1] = [from.x + MAP_NODE.width, from.y + MAP_NODE.height / 2];
  const [x2, y2] = [to.x, to.y + MAP_NODE.height / 2];
  if (to.column - from.column === 1) {
    const bend = Math.max(30, (x2 - x1) / 2);
    return { path: `M${x1},${y1} C${x1 + bend},${y1} ${x2 - bend},${y2} ${x2},${y2}`, labelX: (x1 + x2) / 2, labelY: (y1 + y2) / 2 };
  }
  const lane = Math.max(from.y, to.y) + MAP_NODE.height + MAP_NODE.gapY / 2;
  const [out, back] = [x1 + 18, x2 - 18];
  return {
    path: `M${x1},${y1} C${out + 8},${y1} ${out},${lane} ${out + 14},${lane} L${back - 14},${lane} C${back},${lane} ${back - 8},${y2} ${x2},${y2}`,
    labelX: (out + back) / 2,
    labelY: lane,
  };
}

/**
 * 工序地图: every process as a node in columns by the order of steps, an edge for each pair of
 * consecutive steps (thicker the more flows use it). Clicking a process highlights its edges and
 * lists the flows through it; clicking a flow highlights its path.
 */
export function ProcessMap() {
  const { data, loading } = useLoaded(workFlowsApi.map, 'map', EMPTY_MAP);
  const layout = useMemo(() => layoutProcessMap(data), [data]);
  const [selected, setSelected] = useState<Selection>({});
  const nodeById = useMemo(() => new Map(layout.nodes.map((node) => [node.id, node])), [layout]);
  const nameOf = (id: number) => nodeById.get(id)?.name ?? '';

  const flow = data.flows.find((entry) => entry.id === selected.flowId);
  const process = selected.processId === undefined ? undefined : nodeById.get(selected.processId);
  const listed = process ? data.flows.filter((entry) => entry.processIds.includes(process.id)) : data.flows;
  const edgeActive = (edge: MapEdge) => (flow ? edge.flowIds.includes(flow.id) : process ? edge.from === process.id || edge.to === process.id : false);
  const nodeActive = (node: MapNode) => (flow ? flow.processIds.includes(node.id) : node.id === process?.id);
  const touched = (node: MapNode) => layout.edges.some((edge) => edgeActive(edge) && (edge.from === node.id || edge.to === node.id));
  const dimmed = flow !== undefined || process !== undefined;
  const pickProcess = (id: number) => setSelected(selected.processId === id && selected.flowId === undefined ? {} : { processId: id });
  const pickFlow = (id: number) => setSelected({ ...selected, flowId: selected.flowId === id ? undefined : id });

  if (!loading && data.processes.length === 0) return <Empty description="暂无工序，请先在「工序」中添加" />;
  return (
    <Spin spinning={loading}>
      <div className="mes-process-map">
        <div style={{ overflowX: 'auto', border: '1px solid #f0f0f0', borderRadius: 8, background: '#fcfcfd', marginBottom: 16 }}>
          <svg
            className="mes-process-map-svg"
            width="100%"
            viewBox={`0 0 ${layout.width} ${layout.height}`}
            preserveAspectRatio="xMinYMin meet"
            style={{ display: 'block', maxWidth: layout.width, minWidth: Math.min(layout.width, 900) }}
            role="img"
            aria-label="工序地图"
            onClick={() => setSelected({})}
          >
            <defs>
              {(['normal', 'active'] as const).map((kind) => (
                <marker key={kind} id={`mes-map-arrow-${kind}`} viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="10" markerHeight="10" orient="auto-start-reverse">
                  <path d="M0,0 L10,5 L0,10 z" fill={kind === 'active' ? COLORS.active : COLORS.edge} />
                </marker>
              ))}
            </defs>
            {layout.edges.map((edge) => {
              const [from, to] = [nodeById.get(edge.from), nodeById.get(edge.to)];
              if (!from || !to) return null;
              const active = edgeActive(edge);
              const count = edge.flowIds.length;
              const { path, labelX: mx, labelY: my } = edgeGeometry(from, to);
              return (
                <g key={edge.key} className={`mes-map-edge${active ? ' is-active' : ''}`} data-edge={`${from.name}→${to.name}`} data-count={count} opacity={dimmed && !active ? 0.25 : 1}>
                  <path d={path} fill="none" stroke={active ? COLORS.active : COLORS.edge} strokeWidth={1.5 + Math.min(count, 8)} markerEnd={`url(#mes-map-arrow-${active ? 'active' : 'normal'})`}>
                    <title>{`${from.name} → ${to.name}：${count} 条工艺路线`}</title>
                  </path>
                  <circle cx={mx} cy={my} r={9} fill="#fff" stroke={active ? COLORS.active : COLORS.edge} />
                  <text x={mx} y={my + 4} textAnchor="middle" fontSize={11} fill={active ? COLORS.active : '#595959'}>
                    {count}
                  </text>
                </g>
              );
            })}
            {layout.nodes.map((node) => {
              const active = nodeActive(node);
              // Muted nodes stay opaque so edges passing behind them do not show through.
              const muted = node.unused || (dimmed && !active && !touched(node));
              return (
                <g
                  key={node.id}
                  className={`mes-map-node${active ? ' is-active' : ''}`}
                  data-process={node.name}
                  role="button"
                  aria-label={`工序 ${node.name}`}
                  aria-pressed={process?.id === node.id}
                  style={{ cursor: 'pointer' }}
                  onClick={(event) => {
                    event.stopPropagation();
                    pickProcess(node.id);
                  }}
                >
                  <rect
                    x={node.x}
                    y={node.y}
                    width={MAP_NODE.width}
                    height={MAP_NODE.height}
                    rx={6}
                    fill={active ? COLORS.active : muted ? COLORS.muted : COLORS.node}
                    stroke={active ? COLORS.active : muted ? COLORS.mutedBorder : COLORS.nodeBorder}
                    strokeDasharray={node.unused ? '4 3' : undefined}
                    strokeWidth={node.id === process?.id ? 3 : 1}
                  />
                  <text x={node.x + MAP_NODE.width / 2} y={node.y + MAP_NODE.height / 2 + 5} textAnchor="middle" fontSize={14} fill={active ? '#fff' : muted ? COLORS.mutedText : COLORS.text}>
                    {node.name}
                  </text>
                  <title>{node.unused ? `${node.name}（${node.code}）：未用于任何工艺路线` : `${node.name}（${node.code}）`}</title>
                </g>
              );
            })}
          </svg>
        </div>
        <section className="mes-process-map-flows">
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {process ? `经过「${process.name}」的工艺路线（${listed.length}）` : `全部工艺路线（${listed.length}）`}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            {process ? '点击路线可高亮它的完整路径' : '点击工序查看经过它的路线，点击路线高亮它的路径；连线上的数字为使用该连线的路线数'}
          </Typography.Paragraph>
          <List
            size="small"
            grid={{ gutter: 12, xs: 1, md: 2, xl: 3, xxl: 4 }}
            dataSource={listed}
            locale={{ emptyText: '没有经过该工序的工艺路线' }}
            renderItem={(entry) => (
              <List.Item
                className={`mes-map-flow${flow?.id === entry.id ? ' is-active' : ''}`}
                data-flow={entry.flowCode}
                onClick={() => pickFlow(entry.id)}
                style={{
                  cursor: 'pointer',
                  display: 'block',
                  padding: '8px 12px',
                  border: `1px solid ${flow?.id === entry.id ? COLORS.active : '#f0f0f0'}`,
                  borderRadius: 6,
                  background: flow?.id === entry.id ? '#e6f4ff' : '#fff',
                }}
              >
                <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                  <span style={{ fontWeight: 500 }}>
                    {entry.flowName}
                    <Typography.Text type="secondary" style={{ marginLeft: 6, fontSize: 12 }}>
                      {entry.flowCode}
                    </Typography.Text>
                  </span>
                  {entry.isTemplate ? <Tag color="blue">通用模板</Tag> : <Tag>产品专用</Tag>}
                </div>
                <div style={{ fontSize: 12, color: '#8c8c8c' }}>{entry.processIds.map(nameOf).join('→')}</div>
                {!entry.isTemplate && <div style={{ fontSize: 12, color: '#8c8c8c' }}>所属产品：{entry.productName}</div>}
              </List.Item>
            )}
          />
        </section>
      </div>
    </Spin>
  );
}
