import { VictoryArea, VictoryAxis, VictoryChart, VictoryLine, VictoryScatter, VictoryTooltip, VictoryVoronoiContainer } from 'victory';
import type { TankReadingsResponse } from '@/contract/tanks';
import { litresTotal as litres } from '@/lib/format';

const SHOW_POINTS_UP_TO = 60;

/**
 * Volume over time (victory): the line is each point's last reading, the band the lowest and
 * highest volume of its bucket (only visible when downsampled), and dashed lines at the low level
 * and the safe fill. Loaded lazily: victory is only fetched when a history is opened.
 */
export default function HistoryChart({ data, title }: { data: TankReadingsResponse; title: string }) {
  const { tank, points } = data;
  const from = new Date(data.from);
  const to = new Date(data.to);
  const line = points.map((p) => ({ x: new Date(p.at), y: p.grossLitres, p }));
  const band = points.map((p) => ({ x: new Date(p.at), y: p.maxLitres, y0: p.minLitres }));
  const level = (y: number) => [{ x: from, y }, { x: to, y }];
  const days = (to.getTime() - from.getTime()) / 86_400_000;
  const tick = (t: Date) => (days > 2
    ? t.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })
    : t.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }));
  const axis = { tickLabels: { fontSize: 11, fill: 'var(--chakra-colors-fg-muted)' }, axis: { stroke: 'var(--chakra-colors-border-emphasized)' }, grid: { stroke: 'var(--chakra-colors-border-muted)' } };
  return (
    <VictoryChart scale={{ x: 'time' }} width={640} height={300} padding={{ top: 16, bottom: 40, left: 64, right: 16 }}
      domain={{ x: [from, to], y: [0, tank.capacity] }}
      containerComponent={(
        <VictoryVoronoiContainer title={title}
          desc={`Gross volume of tank ${tank.code} from ${from.toLocaleString()} to ${to.toLocaleString()}: ${points.length} points, low level ${litres(tank.lowLevel)}, safe fill ${litres(tank.safeFill)}.`}
          voronoiDimension="x" voronoiBlacklist={['band', 'low', 'safe', 'points']}
          labels={({ datum }: { datum: { x: Date; p: TankReadingsResponse['points'][number] } }) =>
            `${datum.x.toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })}\n${litres(datum.p.grossLitres)} (${datum.p.source})${datum.p.count > 1 ? `\n${datum.p.count} readings: ${litres(datum.p.minLitres)}–${litres(datum.p.maxLitres)}` : ''}`}
          labelComponent={<VictoryTooltip cornerRadius={4} flyoutStyle={{ fill: 'white', stroke: '#999' }} style={{ fontSize: 11 }} />} />
      )}>
      <VictoryAxis tickFormat={tick} tickCount={6} style={axis} />
      <VictoryAxis dependentAxis tickFormat={(v: number) => `${(v / 1000).toLocaleString()}k L`} style={axis} />
      <VictoryArea name="band" data={band} style={{ data: { fill: 'var(--chakra-colors-blue-200)', opacity: 0.5 } }} />
      <VictoryLine name="low" data={level(tank.lowLevel)} style={{ data: { stroke: 'var(--chakra-colors-orange-500)', strokeDasharray: '6,4', strokeWidth: 1.5 } }} />
      <VictoryLine name="safe" data={level(tank.safeFill)} style={{ data: { stroke: 'var(--chakra-colors-red-500)', strokeDasharray: '6,4', strokeWidth: 1.5 } }} />
      <VictoryLine name="volume" data={line} style={{ data: { stroke: 'var(--chakra-colors-blue-600)', strokeWidth: 2 } }} />
      {/* Sparse histories (a tank read by hand once a day) need their points: a line needs two. */}
      {points.length <= SHOW_POINTS_UP_TO && (
        <VictoryScatter name="points" data={line} size={3} style={{ data: { fill: 'var(--chakra-colors-blue-600)' } }} />
      )}
    </VictoryChart>
  );
}
