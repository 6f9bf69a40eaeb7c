import {
  VictoryArea,
  VictoryAxis,
  VictoryChart,
  VictoryLine,
  VictoryScatter,
  VictoryTooltip,
  VictoryVoronoiContainer,
} from 'victory';
import type { TankReadingsResponse } from '@/contract/tanks';
import { litresTotal as litres } from '@/lib/format';
import type { Gap } from './gaps';

const SHOW_POINTS_UP_TO = 60;

type Point = TankReadingsResponse['points'][number];

interface Props {
  data: TankReadingsResponse;
  title: string;
  /** The points cut where readings are missing (`splitAtGaps`), and the gaps. */
  segments: Point[][];
  gaps: Gap[];
  /** Read out after the figures (the gaps in words). */
  gapWords: string;
}

export const GAP_FILL = 'var(--chakra-colors-gray-200)';

/**
 * Volume over time (victory): the line is each point's last reading, the band the lowest and
 * highest volume of its bucket (only visible when downsampled), and dashed lines at the low level
 * and the safe fill. The line and band stop where readings are missing (one line per segment) and
 * the time without readings is shaded grey. Loaded lazily: victory is only fetched when a
 * history is opened.
 */
export default function HistoryChart({ data, title, segments, gaps, gapWords }: Props) {
  const { tank, points } = data;
  const from = new Date(data.from);
  const to = new Date(data.to);
  const lineOf = (ps: Point[]) => ps.map((p) => ({ x: new Date(p.at), y: p.grossLitres, p }));
  const line = lineOf(points);
  // A point alone in its segment has no line to sit on: it is always drawn as a dot.
  const lonely = lineOf(segments.filter((s) => s.length === 1).flat());
  const level = (y: number) => [
    { x: from, y },
    { x: to, y },
  ];
  const days = (to.getTime() - from.getTime()) / 86_400_000;
  const tick = (t: Date) =>
    days > 2
      ? t.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })
      : t.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  const axis = {
    tickLabels: { fontSize: 11, fill: 'var(--chakra-colors-fg-muted)' },
    axis: { stroke: 'var(--chakra-colors-border-emphasized)' },
    grid: { stroke: 'var(--chakra-colors-border-muted)' },
  };
  return (
    <VictoryChart
      scale={{ x: 'time' }}
      width={640}
      height={300}
      padding={{ top: 16, bottom: 40, left: 64, right: 16 }}
      domain={{ x: [from, to], y: [0, tank.capacity] }}
      containerComponent={
        <VictoryVoronoiContainer
          title={title}
          desc={`Gross volume of tank ${tank.code} from ${from.toLocaleString()} to ${to.toLocaleString()}: ${points.length} points, low level ${litres(tank.lowLevel)}, safe fill ${litres(tank.safeFill)}.${gapWords ? ` ${gapWords}.` : ''}`}
          voronoiDimension="x"
          voronoiBlacklist={[/^band/, /^gap/, /^volume-/, 'low', 'safe', 'points', 'lonely']}
          labels={({ datum }: { datum: { x: Date; p: TankReadingsResponse['points'][number] } }) =>
            `${datum.x.toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })}\n${litres(datum.p.grossLitres)} (${datum.p.source})${datum.p.count > 1 ? `\n${datum.p.count} readings: ${litres(datum.p.minLitres)}–${litres(datum.p.maxLitres)}` : ''}`
          }
          labelComponent={
            <VictoryTooltip cornerRadius={4} flyoutStyle={{ fill: 'white', stroke: '#999' }} style={{ fontSize: 11 }} />
          }
        />
      }
    >
      <VictoryAxis tickFormat={tick} tickCount={6} style={axis} />
      <VictoryAxis dependentAxis tickFormat={(v: number) => `${(v / 1000).toLocaleString()}k L`} style={axis} />
      {gaps.map((g, i) => (
        <VictoryArea
          key={`gap${i}`}
          name={`gap${i}`}
          data={[
            { x: g.from, y: tank.capacity, y0: 0 },
            { x: g.to, y: tank.capacity, y0: 0 },
          ]}
          style={{ data: { fill: GAP_FILL, opacity: 0.6 } }}
        />
      ))}
      {segments.map((s, i) => (
        <VictoryArea
          key={`band${i}`}
          name={`band${i}`}
          data={s.map((p) => ({ x: new Date(p.at), y: p.maxLitres, y0: p.minLitres }))}
          style={{ data: { fill: 'var(--chakra-colors-blue-200)', opacity: 0.5 } }}
        />
      ))}
      <VictoryLine
        name="low"
        data={level(tank.lowLevel)}
        style={{ data: { stroke: 'var(--chakra-colors-orange-500)', strokeDasharray: '6,4', strokeWidth: 1.5 } }}
      />
      <VictoryLine
        name="safe"
        data={level(tank.safeFill)}
        style={{ data: { stroke: 'var(--chakra-colors-red-500)', strokeDasharray: '6,4', strokeWidth: 1.5 } }}
      />
      {segments.map((s, i) => (
        <VictoryLine
          key={`volume${i}`}
          name={`volume-${i}`}
          data={lineOf(s)}
          style={{ data: { stroke: 'var(--chakra-colors-blue-600)', strokeWidth: 2 } }}
        />
      ))}
      {/* Sparse histories (a tank read by hand once a day) need their points: a line needs two. */}
      {points.length <= SHOW_POINTS_UP_TO ? (
        <VictoryScatter
          name="points"
          data={line}
          size={3}
          style={{ data: { fill: 'var(--chakra-colors-blue-600)' } }}
        />
      ) : (
        lonely.length > 0 && (
          <VictoryScatter
            name="lonely"
            data={lonely}
            size={3}
            style={{ data: { fill: 'var(--chakra-colors-blue-600)' } }}
          />
        )
      )}
      {/* The tooltips follow every point, across segments (an invisible line the voronoi reads). */}
      <VictoryLine name="volume" data={line} style={{ data: { stroke: 'none' } }} />
    </VictoryChart>
  );
}
