import { useEffect, useMemo, useState } from 'react';
import { Card, Empty, Skeleton, Statistic, Typography } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useCan, useLoaded } from '@app/components';
import { homeTilesFor, type HomeTile, type HomeTileFigure } from '@app/shared/home-tiles';
import { useSession } from '@app/shell/use-session';

const TONE_COLOR: Record<NonNullable<HomeTileFigure['tone']>, string | undefined> = {
  default: undefined,
  warning: '#d48806',
  danger: '#cf1322',
};

/** One tile: its figure once loaded, opening its list on click; gone when the user may not see the figure. */
function Tile({ tile }: { tile: HomeTile }) {
  const navigate = useNavigate();
  const loaded = useLoaded(tile.load, tile.key, null);
  const [live, setLive] = useState<HomeTileFigure | null>(null);
  useEffect(() => tile.watch?.(setLive), [tile]);
  const figure = live ?? loaded.data;
  const loading = loaded.loading && !live;
  if (!loading && !figure) return null;
  const open = () => figure && navigate(figure.to);
  return (
    <Card
      className="mes-home-tile"
      data-tile={tile.key}
      data-loading={loading ? 'true' : 'false'}
      hoverable={Boolean(figure)}
      onClick={open}
      onKeyDown={(event) => event.key === 'Enter' && open()}
      role="link"
      tabIndex={0}
      aria-label={tile.title}
    >
      {loading || !figure ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      ) : (
        <>
          <Statistic title={tile.title} value={figure.value} styles={{ content: { color: TONE_COLOR[figure.tone ?? 'default'], fontSize: 32 } }} />
          <div className="mes-home-tile-foot">
            <Typography.Text type="secondary">{figure.hint}</Typography.Text>
            <RightOutlined />
          </div>
        </>
      )}
    </Card>
  );
}

const HOME_CSS = `
.mes-home .mes-home-greeting { margin: 0 0 16px; }
.mes-home-tiles { display: grid; grid-template-columns: repeat(auto-fill, minmax(240px, 1fr)); gap: 16px; }
.mes-home-tile { cursor: pointer; }
.mes-home-tile-foot { display: flex; justify-content: space-between; align-items: center; margin-top: 8px; color: rgba(0, 0, 0, 0.45); font-size: 12px; }
`;

/** 首页 (/home): a greeting and the registered tiles the user may see. */
export default function HomePage() {
  const can = useCan();
  const name = useSession((state) => state.user?.nickName || state.user?.username || '');
  const tiles = useMemo(() => homeTilesFor(can), [can]);
  return (
    <div className="mes-home">
      <style>{HOME_CSS}</style>
      <Typography.Title level={4} className="mes-home-greeting">
        {name ? `${name}，您好` : '您好'}
      </Typography.Title>
      {tiles.length === 0 ? (
        <Empty description="暂无可显示的内容" />
      ) : (
        <div className="mes-home-tiles">
          {tiles.map((tile) => (
            <Tile key={tile.key} tile={tile} />
          ))}
        </div>
      )}
    </div>
  );
}
