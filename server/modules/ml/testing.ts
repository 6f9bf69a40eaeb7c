/**
 * The hand-made history of `/MLUpload`'s tests (API, unit, e2e), each anomaly planted on purpose:
 *
 * dispenses: TRK-1 fills every 2 days from 2026-01-01 08:00, 100 km apart, 29.5/30/30.5 L
 *   (30 L/100 km, MAD 0.5) except 60 L on 2026-01-31 (the one consumption outlier: 100 % over,
 *   judged against the 13 rates before its 14-day block); TRK-2's meter goes 5000, 5100, 5050
 *   (the one meter rollback, 2026-01-05 09:00; too few fills for a baseline).
 * readings: tanks T-LEAK and T-OK, one closing a day 2026-01-05..2026-02-13 with 100 L sold a
 *   day and a few litres of reading noise; T-LEAK also loses 48 L a day (2 L/h): its February test
 *   (39 days) fails, January's (26 days) is inconclusive; T-OK passes.
 */
const pad = (n: number) => String(n).padStart(2, '0');
const day = (i: number, from = Date.UTC(2026, 0, 1)) => new Date(from + i * 86_400_000).toISOString().slice(0, 10);

export function dispensesCsv(): string {
  const lines = ['Fleet No,Date,Litres,Odometer,Product'];
  for (let i = 0; i <= 20; i++) {
    const litres = i === 15 ? 60 : 30 + ((i % 3) - 1) * 0.5;
    lines.push(`TRK-1,${day(i * 2)} 08:00,${litres},${10_000 + i * 100},Diesel`);
  }
  [5000, 5100, 5050].forEach((m, i) => lines.push(`TRK-2,${day(2 + i)} ${pad(9)}:00,40,${m},Diesel`));
  return lines.join('\n') + '\n';
}

const NOISE = [3, -2, 4, -5, 1, 0, -3, 2];

export function readingsCsv(): string {
  const lines = ['Tank,Date,Closing,Deliveries,Sales'];
  for (const [tank, leak] of [
    ['T-LEAK', 48],
    ['T-OK', 0],
  ] as const) {
    for (let i = 0; i < 40; i++) {
      lines.push(`${tank},${day(i, Date.UTC(2026, 0, 5))},${20_000 - i * (100 + leak) + NOISE[i % 8]},0,100`);
    }
  }
  return lines.join('\n') + '\n';
}
