import { Box } from '@chakra-ui/react';
import {
  VictoryAxis,
  VictoryBar,
  VictoryChart,
  VictoryLine,
  VictoryStack,
  VictoryTooltip,
  VictoryVoronoiContainer,
} from 'victory';
import { fillSeries, type SeriesResponse } from '@/contract/views';
import { bucketLabel, compact } from './format';
import { litresTenth as litres } from '@/lib/format';
import { colourOf, drawnSeries } from './series';
import { useWidth } from './useWidth';

interface Datum {
  x: number;
  y: number;
  name: string;
  bucket: string;
}

/**
 * Flows (dispensed, received) as stacked bars per bucket; levels as one line per series. The x
 * axis is the bucket's position, labelled with its date, thinned to fit the width.
 */
export function SeriesChart({ data }: { data: SeriesResponse }) {
  const { ref, width } = useWidth<HTMLDivElement>();
  const lines = data.metric === 'levels';
  const height = width < 520 ? 260 : 360;
  const padding = { top: 16, bottom: 36, left: 58, right: 16 };
  const n = data.buckets.length;
  // Bucket i is drawn at x = i + 1 in slots around 1…n: the domain leaves more than half a slot at
  // each end so bars clear the value axis, and x = 0 stays outside it (Victory draws the value axis
  // where x = 0 when the domain holds it).
  const xDomain: [number, number] = lines ? [1, Math.max(2, n)] : [0.4, n + 0.6];
  const buckets = data.buckets;
  const every = Math.max(1, Math.ceil(buckets.length / Math.max(2, Math.floor(width / 72))));
  const ticks = buckets.map((_, i) => i + 1).filter((x) => (x - 1) % every === 0);
  const drawn = drawnSeries(data.series).map((s, i) => ({
    s,
    color: colourOf(s, i),
    data: fillSeries(s.points, buckets, data.metric)
      .map((p, i): Datum | null =>
        p.litres === null ? null : { x: i + 1, y: p.litres, name: s.label, bucket: p.bucket },
      )
      .filter((d): d is Datum => d !== null),
  }));
  const summary =
    `${data.metric === 'levels' ? 'Tank levels' : data.metric === 'dispensed' ? 'Litres dispensed' : 'Litres received'} by ${data.groupBy} per ${data.interval}, ${data.from} to ${data.to}: ` +
    drawn.map((d) => `${d.s.label} ${litres(d.s.total)}`).join('; ');
  const tooltip = (
    <VictoryTooltip
      cornerRadius={4}
      flyoutPadding={8}
      style={{ fontSize: 11 }}
      flyoutStyle={{ fill: 'white', stroke: '#cbd5e1' }}
      constrainToVisibleArea
    />
  );

  return (
    <Box ref={ref} w="full" data-testid="series-chart">
      <VictoryChart
        width={width}
        height={height}
        padding={padding}
        domain={{ x: xDomain }}
        domainPadding={{ x: lines ? 8 : 0, y: [0, 12] }}
        containerComponent={
          <VictoryVoronoiContainer
            voronoiDimension="x"
            responsive={false}
            title={`Chart of ${data.metric}`}
            desc={summary}
            labels={({ datum }: { datum: Datum }) => `${datum.name}: ${litres(datum.y)}`}
            labelComponent={tooltip}
          />
        }
      >
        <VictoryAxis
          tickValues={ticks}
          tickFormat={(x: number) => (buckets[x - 1] ? bucketLabel(buckets[x - 1], data.interval) : '')}
          style={{ tickLabels: { fontSize: 11, padding: 6 }, grid: { stroke: 'none' } }}
        />
        <VictoryAxis
          dependentAxis
          tickFormat={(v: number) => compact(v)}
          style={{ tickLabels: { fontSize: 11, padding: 4 }, grid: { stroke: '#e2e8f0' }, axis: { stroke: 'none' } }}
        />
        {lines ? (
          drawn.map((d) => (
            <VictoryLine key={d.s.key} data={d.data} style={{ data: { stroke: d.color, strokeWidth: 2 } }} />
          ))
        ) : (
          <VictoryStack colorScale={drawn.map((d) => d.color)}>
            {drawn.map((d) => (
              <VictoryBar key={d.s.key} data={d.data} barRatio={0.8} />
            ))}
          </VictoryStack>
        )}
      </VictoryChart>
    </Box>
  );
}
