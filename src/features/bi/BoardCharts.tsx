import { SimpleGrid, Text } from '@chakra-ui/react';
import {
  VictoryAxis,
  VictoryBar,
  VictoryChart,
  VictoryLegend,
  VictoryLine,
  VictoryScatter,
  VictoryStack,
} from 'victory';
import type { AnalyticsBoard } from '@/contract/analytics';
import { SEVERITY_TITLES, type ExceptionSeverity } from '@/contract/exceptions';
import { AXIS, ChartCard, compact, PALETTE } from '@/app/ui/ChartCard';
import { count, formatFixed, litresTotal } from '@/lib/format';
import { allWeeks, weeklySeries, weekTick } from './weeks';

const SEVERITY: Record<string, string> = { critical: '#dc2626', warning: '#d97706', info: '#2563eb' };
const shortMonth = (m: string) => `${m.slice(5, 7)}/${m.slice(2, 4)}`;

const empty = <Text color="fg.muted">No data in this period.</Text>;

function LitresByMonth({ rows }: { rows: AnalyticsBoard['litresByMonth'] }) {
  const stores = [...new Set(rows.map((r) => r.store))];
  const total = rows.reduce((s, r) => s + r.litres, 0);
  return (
    <ChartCard title="Litres per month per store" figure={`${litresTotal(total)} in total`}>
      {rows.length === 0 ? (
        empty
      ) : (
        <VictoryChart height={260} padding={{ top: 10, bottom: 60, left: 50, right: 10 }} domainPadding={{ x: 12 }}>
          <VictoryAxis style={AXIS} tickFormat={shortMonth} />
          <VictoryAxis dependentAxis style={AXIS} tickFormat={compact} />
          <VictoryStack colorScale={PALETTE}>
            {stores.map((s) => (
              <VictoryBar key={s} data={rows.filter((r) => r.store === s)} x="month" y="litres" />
            ))}
          </VictoryStack>
          <VictoryLegend
            x={50}
            y={232}
            orientation="horizontal"
            itemsPerRow={6}
            gutter={12}
            style={{ labels: { fontSize: 9 } }}
            colorScale={PALETTE}
            data={stores.map((name) => ({ name }))}
          />
        </VictoryChart>
      )}
    </ChartCard>
  );
}

function TopConsumers({ rows }: { rows: AnalyticsBoard['topConsumers'] }) {
  const data = [...rows].reverse().map((r) => ({ x: r.fleetNo, y: r.litres }));
  return (
    <ChartCard
      title="Top consumers"
      figure={rows[0] ? `${rows[0].fleetNo}: ${litresTotal(rows[0].litres)}` : 'No dispenses'}
    >
      {rows.length === 0 ? (
        empty
      ) : (
        <VictoryChart
          height={260}
          horizontal
          padding={{ top: 10, bottom: 30, left: 70, right: 20 }}
          domainPadding={{ x: 10 }}
        >
          <VictoryAxis style={AXIS} />
          <VictoryAxis dependentAxis style={AXIS} tickFormat={compact} />
          <VictoryBar data={data} style={{ data: { fill: PALETTE[0] } }} />
        </VictoryChart>
      )}
    </ChartCard>
  );
}

function ConsumptionTrend({ rows }: { rows: AnalyticsBoard['consumptionTrend'] }) {
  const data = rows.filter((r) => r.lPer100km !== null).map((r) => ({ x: r.month, y: r.lPer100km! }));
  const litres = rows.reduce((s, r) => s + r.litres, 0);
  const km = rows.reduce((s, r) => s + (r.lPer100km ? (r.litres * 100) / r.lPer100km : 0), 0);
  return (
    <ChartCard
      title="Consumption trend (L/100 km)"
      figure={km ? `${formatFixed((litres * 100) / km, 1)} L/100 km` : '—'}
    >
      {data.length === 0 ? (
        empty
      ) : (
        <VictoryChart height={260} padding={{ top: 10, bottom: 40, left: 50, right: 16 }} domainPadding={{ x: 12 }}>
          <VictoryAxis style={AXIS} tickFormat={shortMonth} />
          <VictoryAxis dependentAxis style={AXIS} />
          <VictoryLine data={data} style={{ data: { stroke: PALETTE[1], strokeWidth: 2 } }} />
          <VictoryScatter data={data} size={3} style={{ data: { fill: PALETTE[1] } }} />
        </VictoryChart>
      )}
    </ChartCard>
  );
}

function VarianceTrend({ rows }: { rows: AnalyticsBoard['varianceTrend'] }) {
  const net = rows.reduce((s, r) => s + r.varianceLitres, 0);
  const data = rows.map((r) => ({ x: r.month, y: r.varianceLitres }));
  return (
    <ChartCard title="Reconciliation variance (measured − book)" figure={`${litresTotal(net)} net`}>
      {rows.length === 0 ? (
        empty
      ) : (
        <VictoryChart height={260} padding={{ top: 10, bottom: 40, left: 56, right: 16 }} domainPadding={{ x: 12 }}>
          {/* Months on the bottom edge (offsetY = bottom padding): on the zero line they sat under shortfalls. */}
          <VictoryAxis style={AXIS} tickFormat={shortMonth} offsetY={40} />
          <VictoryAxis dependentAxis style={AXIS} tickFormat={compact} />
          <VictoryBar
            data={data}
            style={{
              data: { fill: ({ datum }: { datum?: { y: number } }) => ((datum?.y ?? 0) < 0 ? '#dc2626' : '#16a34a') },
            }}
          />
        </VictoryChart>
      )}
    </ChartCard>
  );
}

function ExceptionsByWeek({ rows }: { rows: AnalyticsBoard['exceptionsByWeek'] }) {
  const weeks = allWeeks(rows);
  const series = weeklySeries(rows, weeks);
  const total = rows.reduce((s, r) => s + r.count, 0);
  return (
    <ChartCard title="Exceptions per week" figure={`${count(total)} raised`}>
      {rows.length === 0 ? (
        empty
      ) : (
        <VictoryChart height={260} padding={{ top: 10, bottom: 56, left: 44, right: 16 }} domainPadding={{ x: 12 }}>
          <VictoryAxis style={AXIS} tickValues={weeks} tickFormat={(w: string, i: number) => weekTick(w, i, weeks)} />
          <VictoryAxis dependentAxis style={AXIS} />
          <VictoryStack>
            {series.map(({ severity, data }) => (
              <VictoryBar
                key={severity}
                data={data}
                x="week"
                y="count"
                style={{ data: { fill: SEVERITY[severity] ?? PALETTE[5] } }}
              />
            ))}
          </VictoryStack>
          <VictoryLegend
            x={44}
            y={236}
            orientation="horizontal"
            gutter={12}
            style={{ labels: { fontSize: 9 } }}
            data={series.map(({ severity }) => ({
              name: SEVERITY_TITLES[severity as ExceptionSeverity] ?? severity,
              symbol: { fill: SEVERITY[severity] ?? PALETTE[5] },
            }))}
          />
        </VictoryChart>
      )}
    </ChartCard>
  );
}

/** The five charts of the built-in board, two a row on a wide screen. */
export function BoardCharts({ board }: { board: AnalyticsBoard }) {
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" data-testid="analytics-board">
      <LitresByMonth rows={board.litresByMonth} />
      <TopConsumers rows={board.topConsumers} />
      <ConsumptionTrend rows={board.consumptionTrend} />
      <VarianceTrend rows={board.varianceTrend} />
      <ExceptionsByWeek rows={board.exceptionsByWeek} />
    </SimpleGrid>
  );
}
