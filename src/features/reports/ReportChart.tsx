import { VictoryAxis, VictoryBar, VictoryChart, VictoryLine, VictoryScatter } from 'victory';
import { AXIS, ChartCard, compact, PALETTE } from '@/app/ui/ChartCard';
import type { ReportRun } from '@/contract/reports';
import { formatFixed } from '@/lib/format';

type Chart = NonNullable<ReportRun['chart']>;

/**
 * A report's chart above its preview (ADR 058), with `/PBAnalytics`' chart card: the y column summed
 * per x over the whole run — bars per group (horizontal, so codes stay readable), a line per day.
 * Its own chunk (victory), loaded only when a run has a chart.
 */
export default function ReportChart({ chart }: { chart: Chart }) {
  const total = chart.points.reduce((s, p) => s + p.y, 0);
  const title = `${chart.y} per ${chart.x.toLowerCase()}`;
  const figure = `${formatFixed(total, Number.isInteger(total) ? 0 : 2)} in total`;
  if (chart.kind === 'line') {
    const data = chart.points.map((p) => ({ x: p.x, y: p.y }));
    return (
      <ChartCard title={title} figure={figure}>
        {/* From zero: a day's litres read against nothing, not against the period's quietest day. */}
        <VictoryChart
          height={220}
          width={900}
          padding={{ top: 10, bottom: 40, left: 60, right: 20 }}
          minDomain={{ y: 0 }}
        >
          <VictoryAxis style={AXIS} fixLabelOverlap tickFormat={(d: string) => (d.length === 10 ? d.slice(5) : d)} />
          <VictoryAxis dependentAxis style={AXIS} tickFormat={compact} />
          <VictoryLine data={data} style={{ data: { stroke: PALETTE[0], strokeWidth: 2 } }} />
          {data.length <= 40 && <VictoryScatter data={data} size={2.5} style={{ data: { fill: PALETTE[0] } }} />}
        </VictoryChart>
      </ChartCard>
    );
  }
  // Largest first, top to bottom (a horizontal chart draws its first category at the bottom).
  const data = [...chart.points].sort((a, b) => a.y - b.y).map((p) => ({ x: p.x, y: p.y }));
  return (
    <ChartCard title={title} figure={figure}>
      <VictoryChart
        horizontal
        height={Math.max(140, 22 * data.length + 50)}
        width={900}
        padding={{ top: 10, bottom: 30, left: 110, right: 30 }}
        domainPadding={{ x: 12 }}
      >
        <VictoryAxis style={AXIS} />
        <VictoryAxis dependentAxis style={AXIS} tickFormat={compact} />
        <VictoryBar data={data} barWidth={14} style={{ data: { fill: PALETTE[0] } }} />
      </VictoryChart>
    </ChartCard>
  );
}
